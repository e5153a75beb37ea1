// Markdown through react-markdown: GitHub's flavour (lists, tables, strikethrough, autolinks),
// sanitised (rehype-sanitize's GitHub schema: no raw HTML, no script URLs, no event handlers),
// then code blocks highlighted (rehype-highlight marks tokens with classes the theme colours).
// Sanitising comes first so the highlighter's classes survive it. Loaded on demand (Markdown.tsx).
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";

/** Links leave for their own tab, without the page's window, referrer or endorsement. */
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
};

export default function MarkdownRenderer({ text }: { text: string }) {
  return (
    <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize, rehypeHighlight]} skipHtml components={components}>
      {text}
    </ReactMarkdown>
  );
}
