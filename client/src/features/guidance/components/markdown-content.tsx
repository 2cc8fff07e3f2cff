import { createElement } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';

/**
 * Links and images may only point at http(s), mailto or a relative address: react-markdown's default
 * already drops javascript:, vbscript: and data: (every scheme it does not know), and this says so
 * explicitly in one place that the tests exercise.
 */
export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  return /^\s*(javascript|vbscript|data):/i.test(kept) ? '' : kept;
}

/**
 * Markdown written by a moderator, rendered without raw HTML: react-markdown builds React elements from
 * the markdown tree and never passes HTML through (no rehype-raw), so `<script>` or an `onerror` attribute
 * shows as text and cannot run. Loaded on demand: only guidance with markdown needs it.
 */
export default function MarkdownContent({ markdown, headingBase = 3 }: { markdown: string; headingBase?: number }) {
  // Markdown's # is the first level under whatever holds it, so heading levels never skip.
  const heading = (depth: number) => `h${Math.min(headingBase + depth, 6)}` as 'h3';
  return (
    <div className="guidance-markdown grid gap-3 text-sm leading-relaxed text-foreground">
      <Markdown
        skipHtml
        urlTransform={safeUrl}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary-700 underline" />,
          h1: ({ node: _node, ...props }) => createElement(heading(0), { ...props, className: 'text-xl font-semibold' }),
          h2: ({ node: _node, ...props }) => createElement(heading(1), { ...props, className: 'text-lg font-semibold' }),
          h3: ({ node: _node, ...props }) => createElement(heading(2), { ...props, className: 'text-base font-semibold' }),
          h4: ({ node: _node, ...props }) => createElement(heading(3), { ...props, className: 'text-base font-semibold' }),
          h5: ({ node: _node, ...props }) => createElement(heading(3), { ...props, className: 'text-sm font-semibold' }),
          h6: ({ node: _node, ...props }) => createElement(heading(3), { ...props, className: 'text-sm font-semibold' }),
          ul: ({ node: _node, ...props }) => <ul {...props} className="list-disc space-y-1 pl-5" />,
          ol: ({ node: _node, ...props }) => <ol {...props} className="list-decimal space-y-1 pl-5" />,
          blockquote: ({ node: _node, ...props }) => <blockquote {...props} className="border-l-4 border-primary-200 pl-3 italic text-muted-foreground" />,
          img: ({ node: _node, alt }) => <span>{alt}</span>,
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
