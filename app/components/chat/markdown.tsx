import { lazy, Suspense } from "react";

/**
 * Markdown, GFM and code highlighting weigh more than the rest of the chat page together, so the browser loads
 * them after the page is usable: until the chunk arrives a server-rendered answer keeps its HTML (the Suspense
 * boundary stays dehydrated) and a freshly streamed one shows as plain text. The server loads the renderer before
 * its first page (preloadMarkdown in entry.server), so pages without JavaScript always get the rendered Markdown.
 */
type Renderer = typeof import("./markdown-render");

let loaded: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

export function preloadMarkdown() {
  loading ??= import("./markdown-render").then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

const LazyMarkdown = lazy(async () => ({ default: (await preloadMarkdown()).MarkdownRender }));

function PlainText({ text }: { text: string }) {
  return <div className="chat-markdown whitespace-pre-wrap">{text}</div>;
}

export function Markdown({ text }: { text: string }) {
  const Render = loaded?.MarkdownRender ?? LazyMarkdown;
  return (
    <Suspense fallback={<PlainText text={text} />}>
      <Render text={text} />
    </Suspense>
  );
}
