/**
 * The HTML part of every e-mail, made from its text part so both say the same words (issue 41): paragraphs as
 * the text has them, a link on a line of its own as a button (labelled by the line before it when that line ends
 * with a colon), other links clickable. Plain and accessible: one column at most 560 px wide (readable at 390 px),
 * real text, a language, no images, colours with enough contrast, the address under each button for copying.
 */

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;
const LINK_ALONE = /^https?:\/\/[^\s<>"]+$/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Escaped text with its links made clickable. */
function inline(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    html += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" style="color:#2d3a8c;word-break:break-all">${url}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function button(label: string, link: string): string {
  const url = escapeHtml(link);
  return (
    `<p style="margin:24px 0 8px"><a href="${url}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#2d3a8c;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all"><a href="${url}" style="color:#4b5563">${url}</a></p>`
  );
}

function paragraph(block: string): string {
  const lines = block.split('\n');
  const out: string[] = [];
  let text: string[] = [];
  const flush = () => {
    if (text.length > 0) out.push(`<p style="margin:0 0 16px">${text.map(inline).join('<br>')}</p>`);
    text = [];
  };
  for (const [index, line] of lines.entries()) {
    if (!LINK_ALONE.test(line.trim())) {
      // A line ending with a colon right before a link of its own is that link's button.
      const next = lines[index + 1]?.trim();
      if (line.trim().endsWith(':') && next && LINK_ALONE.test(next)) continue;
      text.push(line);
      continue;
    }
    const before = lines[index - 1]?.trim();
    const label = before?.endsWith(':') ? before.slice(0, -1) : 'Open the link';
    flush();
    out.push(button(label, line.trim()));
  }
  flush();
  return out.join('');
}

export function htmlBodyOf(subject: string, text: string, language = 'en'): string {
  const body = text
    .replace(/\r\n/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(paragraph)
    .join('');
  return (
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f7f6f3">` +
    `<div role="article" aria-label="${escapeHtml(subject)}" lang="${escapeHtml(language)}" style="max-width:560px;margin:0 auto;padding:24px 16px;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937">` +
    `${body}</div></body></html>`
  );
}
