import { Check, Copy } from "lucide-react";
import { type ComponentProps, memo, useRef, useState } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import rehypeHighlight from "rehype-highlight";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import "./markdown.css";

/** A code block with its language and a copy button (the copy needs JavaScript; the code is readable without). */
function CodeBlock({ children, node: _node, ...props }: ComponentProps<"pre"> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(ref.current?.textContent ?? "");
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <div className="chat-code">
      <button type="button" onClick={copy} className="chat-code-copy" aria-label={copied ? "已复制" : "复制代码"}>
        {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
        {copied ? "已复制" : "复制"}
      </button>
      <pre ref={ref} {...props}>
        {children}
      </pre>
    </div>
  );
}

/** Our own files (`/api/file/...` and other root-relative paths): never another host, whatever the spelling. */
function isOwnPath(src: string) {
  return /^\/(?![/\\])/.test(src) && !/[\s\\]/.test(src);
}

const components: Components = {
  pre: CodeBlock,
  // Links in model output leave the chat: a new tab, without handing it our window.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  img: ({ node: _node, alt, src, ...props }) =>
    typeof src === "string" && isOwnPath(src) ? (
      <img {...props} src={src} alt={alt ?? ""} loading="lazy" />
    ) : (
      // An outside image would be fetched the moment the answer shows, telling its server who read what
      // (a prompt-injected answer can put chat text in the URL); the CSP blocks it too. Show where it points.
      <a href={src} title={alt || undefined} target="_blank" rel="noopener noreferrer nofollow">
        {src}
      </a>
    ),
  table: ({ node: _node, ...props }) => (
    <div className="chat-table">
      <table {...props} />
    </div>
  ),
};

/**
 * Model output, card text and user content as Markdown: GFM tables and lists, highlighted code. Raw HTML is
 * never rendered and the tree is sanitised before highlighting adds its own classes.
 */
export const MarkdownRender = memo(function MarkdownRender({ text }: { text: string }) {
  return (
    <div className="chat-markdown">
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize, [rehypeHighlight, { detect: false }]]}
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  );
});
