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

/**
 * Markdown written by a moderator, rendered without raw HTML: react-markdown builds React elements from
 * the markdown tree and never passes HTML through (no rehype-raw), so `<script>` or an `onerror` attribute
 * shows as text and cannot run. Loaded on demand: only guidance with markdown needs it.
 */
export default function MarkdownContent({ markdown, headingBase = 3 }: { markdown: string; headingBase?: number }) {
  return (
    <div className="guidance-markdown grid gap-3 text-sm leading-relaxed text-foreground">
      <Markdown
        skipHtml
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
        {markdown}
      </Markdown>
    </div>
  );
}
