import { setextUnderline } from 'micromark-core-commonmark';
import { useMemo } from 'react';
import Markdown, { defaultUrlTransform } from 'react-markdown';
import { GUIDANCE_MARKDOWN_MAX } from '@shared/contracts/guidance-styles';
import { markdownBlocksEnd } from '@shared/domain/markdown-blocks';
import { flattenMarkdownNesting } from '@shared/domain/markdown-nesting';

/**
 * Links and images may only point at http(s), mailto or a relative address: react-markdown's default
 * already drops javascript:, vbscript: and data: (every scheme it does not know), and this says so
 * explicitly in one place that the tests exercise.
 */
export function safeUrl(url: string): string {
  const kept = defaultUrlTransform(url);
  return /^\s*(javascript|vbscript|data):/i.test(kept) ? '' : kept;
}

interface HastNode {
  type: string;
  tagName?: string;
  children?: HastNode[];
}

const HEADING_TAG = /^h([1-6])$/;

/**
 * A rehype plugin: the shallowest heading written (## in every theme's guidance) becomes h{base}, one
 * level under whatever holds the markdown, and the others keep their distance to it, so levels never skip.
 */
export function rebaseHeadings(base: number) {
  return () => (tree: HastNode) => {
    const headings: HastNode[] = [];
    const walk = (node: HastNode) => {
      if (node.type === 'element' && HEADING_TAG.test(node.tagName ?? '')) headings.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    const levels = headings.map((node) => Number(HEADING_TAG.exec(node.tagName!)![1]));
    const shift = base - Math.min(...levels);
    headings.forEach((node, index) => (node.tagName = `h${Math.min(levels[index]! + shift, 6)}`));
  };
}

interface MdastNode {
  type: string;
  value?: string;
  children?: MdastNode[];
}

/** mdast nodes that hold text inside a paragraph; any other node holding children is a block. */
const PHRASING = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference', 'heading', 'paragraph', 'tableCell']);

/** The text of every node under `node`, in order, walked without recursion. */
function textOf(node: MdastNode): string {
  let text = '';
  const pending: MdastNode[] = [];
  const pushChildren = (parent: MdastNode) => {
    for (let index = (parent.children?.length ?? 0) - 1; index >= 0; index -= 1) pending.push(parent.children![index]!);
  };
  pushChildren(node);
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') text += next.value;
    pushChildren(next);
  }
  return text;
}

/**
 * Deeper than any markdown flattenMarkdownNesting lets through (12 quote or list levels, a list being two
 * nodes, then 12 of emphasis and links): a bound on the tree the renderer walks.
 */
export const MARKDOWN_TREE_DEPTH_MAX = 64;

/**
 * A remark plugin, the renderer's own bound whatever the flattening missed: the children of a node at
 * depth `max` become their text (in a paragraph, under a block), so converting and rendering the tree,
 * which recurse once per level, cannot exhaust the stack. Walked without recursion.
 */
export function capTreeDepth(max: number) {
  return () => (tree: MdastNode) => {
    const pending: Array<[MdastNode, number]> = [[tree, 0]];
    for (let entry = pending.pop(); entry; entry = pending.pop()) {
      const [node, depth] = entry;
      if (!node.children) continue;
      if (depth >= max) {
        const text: MdastNode = { type: 'text', value: textOf(node) };
        node.children = PHRASING.has(node.type) ? [text] : [{ type: 'paragraph', children: [text] }];
        continue;
      }
      for (const child of node.children) pending.push([child, depth + 1]);
    }
  };
}

type Resolver = NonNullable<typeof setextUnderline.resolveTo>;

/**
 * micromark (react-markdown's parser) resolves a setext heading (`Title` over `---` or `===`) by rewriting the
 * whole list of events parsed so far, every one copied out and back (an EditMap consumed over the list), though
 * only the heading's own paragraph at its end changes: n headings cost n² (5,000 `a\n-` took ~10 s in Chromium
 * and froze every member's dashboard, issue 38 item 4). The same resolver run on that paragraph's events alone
 * (they start at its `content`, the last one opened: everything it edits lies after it) gives the same events.
 */
const resolveSetextInTail: Resolver = (events, context) => {
  let start = events.length - 1;
  while (start > 0 && !(events[start]![0] === 'enter' && events[start]![1].type === 'content')) start -= 1;
  const tail = setextUnderline.resolveTo!(events.slice(start), context);
  events.length = start;
  for (const event of tail) events.push(event);
  return events;
};

const setextUnderlineInTail = { ...setextUnderline, name: 'setextUnderlineInTail', resolveTo: resolveSetextInTail };

/**
 * A remark plugin: micromark's setext underline construct replaced by one that tokenizes alike and resolves in
 * time linear in the heading's paragraph (resolveSetextInTail), tried where the original was (before a
 * thematic break for `-`).
 */
export function linearSetextHeadings(this: { data(): object }) {
  // remark-parse reads micromark extensions from here (its types declare the key; unified's alone do not).
  const data = this.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(LINEAR_SETEXT_HEADINGS);
}

/** The micromark extension of linearSetextHeadings. */
export const LINEAR_SETEXT_HEADINGS = {
  disable: { null: [setextUnderline.name!] },
  flow: { [0x2d /* - */]: setextUnderlineInTail, [0x3d /* = */]: setextUnderlineInTail },
};

/** The guidance cut where dashboards stop rendering it: at most 20,000 characters, as markdown up to MARKDOWN_BLOCKS_MAX blocks, the rest as text. */
function renderedParts(markdown: string): { markdown: string; text: string } {
  const cut = markdown.slice(0, GUIDANCE_MARKDOWN_MAX);
  const end = markdownBlocksEnd(cut);
  return end < 0 ? { markdown: flattenMarkdownNesting(cut), text: '' } : { markdown: flattenMarkdownNesting(cut.slice(0, end)), text: cut.slice(end) };
}

/**
 * Markdown written by a moderator, rendered without raw HTML: react-markdown builds React elements from
 * the markdown tree and never passes HTML through (no rehype-raw), so `<script>` or an `onerror` attribute
 * shows as text and cannot run. Nesting is limited before parsing (flattenMarkdownNesting: what nests
 * deeper than 12 levels shows as text; the guidance route refuses it in the first place), the text is cut
 * at the guidance limit of 20,000 characters, blocks past MARKDOWN_BLOCKS_MAX (guidance saved before the route
 * refused more) show as plain text, setext headings parse in linear time, and the tree is cut at
 * MARKDOWN_TREE_DEPTH_MAX. Loaded on demand: only guidance with markdown needs it.
 */
export default function MarkdownContent({ markdown, headingBase = 3 }: { markdown: string; headingBase?: number }) {
  const limited = useMemo(() => renderedParts(markdown), [markdown]);
  return (
    <div className="guidance-markdown grid gap-3 text-sm leading-relaxed text-foreground">
      <Markdown
        skipHtml
        remarkPlugins={[linearSetextHeadings, capTreeDepth(MARKDOWN_TREE_DEPTH_MAX)]}
        rehypePlugins={[rebaseHeadings(headingBase)]}
        urlTransform={safeUrl}
        components={{
          a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" className="font-medium text-primary-700 underline" />,
          h1: ({ node: _node, ...props }) => <h1 {...props} className="text-xl font-semibold" />,
          h2: ({ node: _node, ...props }) => <h2 {...props} className="text-xl font-semibold" />,
          h3: ({ node: _node, ...props }) => <h3 {...props} className="text-lg font-semibold" />,
          h4: ({ node: _node, ...props }) => <h4 {...props} className="text-base font-semibold" />,
          h5: ({ node: _node, ...props }) => <h5 {...props} className="text-sm font-semibold" />,
          h6: ({ node: _node, ...props }) => <h6 {...props} className="text-sm font-semibold" />,
          ul: ({ node: _node, ...props }) => <ul {...props} className="list-disc space-y-1 pl-5" />,
          ol: ({ node: _node, ...props }) => <ol {...props} className="list-decimal space-y-1 pl-5" />,
          blockquote: ({ node: _node, ...props }) => <blockquote {...props} className="border-l-4 border-primary-200 pl-3 italic text-muted-foreground" />,
          img: ({ node: _node, alt }) => <span>{alt}</span>,
        }}
      >
        {limited.markdown}
      </Markdown>
      {limited.text ? <p className="whitespace-pre-wrap break-words">{limited.text}</p> : null}
    </div>
  );
}
