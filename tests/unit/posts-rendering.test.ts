// Rendering of post content (lib/content): HTML through @tiptap/html, Markdown through
// @tiptap/markdown, every node and mark type, the URL policy, XSS payloads in links, text and
// attributes, the auto excerpt and the reading time.
//
// Safety is checked on the output as a browser would see it: the HTML is parsed with happy-dom,
// the Markdown is first turned into HTML by `marked` (raw HTML allowed, like many Markdown
// renderers), and every element and attribute is inspected.
import { Window } from "happy-dom";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import { autoExcerpt } from "../../lib/content/auto-excerpt";
import { readingTime } from "../../lib/content/reading-time";
import { loadRenderers, renderContent } from "../../lib/content/render-content";
import { renderHtml } from "../../lib/content/render-html";
import { renderMarkdown } from "../../lib/content/render-markdown";
import { safeUrl } from "../../lib/content/safe-url";
import type { TiptapDocument, TiptapNode } from "../../lib/content/tiptap-document";

const text = (value: string, marks?: TiptapNode["marks"]): TiptapNode => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const p = (...content: TiptapNode[]): TiptapNode => ({ type: "paragraph", content });
const doc = (...content: TiptapNode[]): TiptapDocument => ({ type: "doc", content });
const link = (href: unknown, label = "click", attrs: Record<string, unknown> = {}) => p(text(label, [{ type: "link", attrs: { href, ...attrs } }]));
const image = (attrs: Record<string, unknown>): TiptapNode => ({ type: "image", attrs });

const SAFE_URL = /^(?:https?:|mailto:|tel:|data:image\/(?:png|gif|jpeg|webp);base64,|[^:]*$|[^:]*[/?#])/i;

/** Everything a browser would treat as active in this HTML: the problems found. */
function unsafeParts(html: string): string[] {
  const window = new Window();
  const problems: string[] = [];
  try {
    window.document.body.innerHTML = html;
    for (const element of window.document.body.querySelectorAll("*")) {
      const tag = element.tagName.toLowerCase();
      if (["script", "iframe", "object", "embed", "svg", "style", "form", "base", "meta", "link"].includes(tag)) problems.push(`<${tag}>`);
      for (const attribute of [...element.attributes]) {
        const name = attribute.name.toLowerCase();
        const value = (attribute.value ?? "").replace(/[\u0000-\u0020]/g, "");
        if (name.startsWith("on") || name === "style" || name === "srcdoc" || name === "formaction") problems.push(`${tag}[${name}]`);
        if (["href", "src", "action", "xlink:href", "poster", "background"].includes(name)) {
          if (value !== "" && !SAFE_URL.test(value)) problems.push(`${tag}[${name}=${attribute.value}]`);
        } else if (/(?:java|vb)script:/i.test(value)) {
          problems.push(`${tag}[${name}=${attribute.value}]`);
        }
      }
    }
  } finally {
    void window.happyDOM.close();
  }
  return problems;
}

const markdownAsHtml = (markdown: string) => marked.parse(markdown, { async: false });

describe("HTML and Markdown of every node and mark type", () => {
  const everything = doc(
    { type: "heading", attrs: { level: 2 }, content: [text("Heading")] },
    p(
      text("bold", [{ type: "bold" }]),
      text(" "),
      text("italic", [{ type: "italic" }]),
      text(" "),
      text("strike", [{ type: "strike" }]),
      text(" "),
      text("code", [{ type: "code" }]),
      text(" "),
      text("under", [{ type: "underline" }]),
      text(" "),
      text("link", [{ type: "link", attrs: { href: "https://example.com/a?b=1&c=2" } }]),
      { type: "hardBreak" },
      text("after break"),
    ),
    { type: "blockquote", content: [p(text("quoted"))] },
    { type: "bulletList", content: [{ type: "listItem", content: [p(text("bullet"))] }] },
    { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [p(text("third"))] }] },
    { type: "codeBlock", attrs: { language: "ts" }, content: [text("const a = 1 < 2;")] },
    { type: "horizontalRule" },
    image({ src: "https://img.example/a.png", alt: "An image", title: "Title" }),
  );

  it("renders HTML", () => {
    expect(renderHtml(everything)).toBe(
      "<h2>Heading</h2>" +
        '<p><strong>bold</strong> <em>italic</em> <s>strike</s> <code>code</code> <u>under</u> ' +
        '<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">link</a><br>after break</p>' +
        "<blockquote><p>quoted</p></blockquote>" +
        "<ul><li><p>bullet</p></li></ul>" +
        '<ol start="3"><li><p>third</p></li></ol>' +
        '<pre><code class="language-ts">const a = 1 &lt; 2;</code></pre>' +
        "<hr>" +
        '<img src="https://img.example/a.png" alt="An image" title="Title">',
    );
  });

  it("renders Markdown", () => {
    expect(renderMarkdown(everything)).toBe(
      [
        "## Heading",
        "",
        "**bold** *italic* ~~strike~~ `code` <u>under</u> [link](https://example.com/a?b=1&c=2)  \nafter break",
        "",
        "> quoted",
        "",
        "- bullet",
        "",
        "3. third",
        "",
        "```ts\nconst a = 1 < 2;\n```",
        "",
        "---",
        "",
        '![An image](https://img.example/a.png "Title")',
      ].join("\n"),
    );
  });

  it("renders an empty document as an empty string", () => {
    expect(renderHtml(doc())).toBe("");
    expect(renderMarkdown(doc())).toBe("");
  });

  it("renderContent gives null for tiptap and caches by key", async () => {
    const d = doc(p(text("cached")));
    // Tiptap needs no renderer, so the routes that only return documents never load one.
    expect(renderContent(d, "tiptap", "k")).toBeNull();
    await loadRenderers();
    expect(renderContent(d, "html", "cache-test:1")).toBe("<p>cached</p>");
    // Same key: the cached rendering, even for another document (the key is the contract).
    expect(renderContent(doc(p(text("other"))), "html", "cache-test:1")).toBe("<p>cached</p>");
    expect(renderContent(doc(p(text("other"))), "html", "cache-test:2")).toBe("<p>other</p>");
    expect(renderContent(d, "markdown", "cache-test:1")).toBe("cached");
  });
});

describe("safeUrl", () => {
  it.each([
    ["https://example.com/x", "link", "https://example.com/x"],
    ["http://example.com", "link", "http://example.com"],
    ["mailto:a@b.c", "link", "mailto:a@b.c"],
    ["tel:+123", "link", "tel:+123"],
    ["/relative/path", "link", "/relative/path"],
    ["#anchor", "link", "#anchor"],
    ["  https://example.com/ spaced ", "link", "https://example.com/%20spaced"],
    ["https://example.com/(x)", "link", "https://example.com/%28x%29"],
    ["data:image/png;base64,iVBORw0KGgo=", "image", "data:image/png;base64,iVBORw0KGgo="],
    ["data:image/webp;base64,UklGRg==", "image", "data:image/webp;base64,UklGRg=="],
  ] as const)("keeps %s (%s)", (url, kind, expected) => {
    expect(safeUrl(url, kind)).toBe(expected);
  });

  it.each([
    ["javascript:alert(1)", "link"],
    ["JaVaScRiPt:alert(1)", "link"],
    [" javascript:alert(1)", "link"],
    ["java\tscript:alert(1)", "link"],
    ["java\nscript:alert(1)", "link"],
    ["\u0001javascript:alert(1)", "link"],
    ["vbscript:msgbox(1)", "link"],
    ["data:text/html,<script>alert(1)</script>", "link"],
    ["data:image/png;base64,iVBORw0KGgo=", "link"],
    ["data:image/svg+xml;base64,PHN2Zz4=", "image"],
    ["data:text/html;base64,PHNjcmlwdD4=", "image"],
    ["javascript:alert(1)", "image"],
    ["mailto:a@b.c", "image"],
    ["file:///etc/passwd", "link"],
    ["http://", "link"],
    ["", "link"],
    [42, "link"],
    [null, "image"],
  ] as const)("drops %j (%s)", (url, kind) => {
    expect(safeUrl(url, kind)).toBeNull();
  });

  it("defuses character references a Markdown renderer would decode into a scheme", () => {
    expect(safeUrl("javascript&#58;alert(1)", "link")).toBe("javascript%26#58;alert%281%29");
    expect(safeUrl("javascript&colon;alert(1)", "link")).toBe("javascript%26colon;alert%281%29");
    expect(safeUrl("https://example.com/?a=1&b=2", "link")).toBe("https://example.com/?a=1&b=2");
  });
});

describe("XSS payloads never reach HTML or Markdown", () => {
  const payloads: [string, TiptapDocument][] = [
    ["a javascript: link", doc(link("javascript:alert(1)"))],
    ["an upper-case javascript: link", doc(link("JAVASCRIPT:alert(1)"))],
    ["a javascript: link with a tab", doc(link("java\tscript:alert(1)"))],
    ["a javascript: link with leading control characters", doc(link("\u0000 javascript:alert(1)"))],
    ["an entity-encoded javascript: link", doc(link("javascript&#58;alert(1)"), link("&#106;avascript:alert(1)"))],
    ["a vbscript: link", doc(link("vbscript:msgbox(1)"))],
    ["a data:text/html link", doc(link("data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="))],
    ["a link breaking out of its Markdown destination", doc(link("https://a.example/) [x](javascript:alert(1)"))],
    ["a link title breaking out of its quotes", doc(link("https://a.example/", "t", { title: '" onmouseover="alert(1)' }))],
    ["event handler and style attributes on a link", doc(link("https://a.example/", "t", { onclick: "alert(1)", style: "x", class: "evil", rel: "opener" }))],
    ["a javascript: image", doc(image({ src: "javascript:alert(1)" }))],
    ["an svg data: image", doc(image({ src: "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" }))],
    ["an image alt breaking out", doc(image({ src: "https://img.example/a.png", alt: 'x"><script>alert(1)</script>', title: '" onerror="alert(1)' }))],
    ["an image alt closing its Markdown description", doc(image({ src: "https://img.example/a.png", alt: "a](javascript:alert(1)) ![b" }))],
    ["an image with onerror", doc(image({ src: "https://img.example/a.png", onerror: "alert(1)", style: "x" }))],
    ["script in text", doc(p(text("<script>alert(1)</script><img src=x onerror=alert(1)>")))],
    ["Markdown link syntax in text", doc(p(text("[x](javascript:alert(1)) ![y](javascript:alert(1)) <javascript:alert(1)>")))],
    ["raw HTML in a heading", doc({ type: "heading", attrs: { level: 1 }, content: [text('<a href="javascript:alert(1)">x</a>')] })],
    ["a code block closing its fence", doc({ type: "codeBlock", content: [text("```\n<img src=x onerror=alert(1)>\n[x](javascript:alert(1))\n```")] })],
    ["a code block language injection", doc({ type: "codeBlock", attrs: { language: 'js"><script>alert(1)</script>' }, content: [text("x")] })],
    ["inline code with backticks", doc(p(text("`` ` <img src=x onerror=alert(1)> ```", [{ type: "code" }])))],
    ["a heading level injection", doc({ type: "heading", attrs: { level: '1 onclick="alert(1)"' }, content: [text("h")] })],
    ["marks on a block node", doc({ type: "paragraph", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }], content: [text("x")] })],
  ];

  it.each(payloads)("%s", (_label, payload) => {
    const html = renderHtml(payload);
    const markdown = renderMarkdown(payload);
    expect(unsafeParts(html)).toEqual([]);
    expect(unsafeParts(markdownAsHtml(markdown))).toEqual([]);
  });

  it("the checks above do catch an unsafe output", () => {
    expect(unsafeParts('<a href="javascript:alert(1)">x</a>')).toHaveLength(1);
    expect(unsafeParts('<img src="x" onerror="alert(1)">')).toHaveLength(1);
    expect(unsafeParts("<script>alert(1)</script>")).toHaveLength(1);
    expect(unsafeParts(markdownAsHtml("[x](javascript:alert(1))"))).toHaveLength(1);
    expect(unsafeParts('<img src="a.png" title="javascript:alert(1)">')).toHaveLength(1);
  });

  it("keeps the text of a dropped link and escapes text in both formats", () => {
    const payload = doc(link("javascript:alert(1)", "still here"), p(text("1 < 2 & <b>bold</b>")));
    expect(renderHtml(payload)).toBe("<p>still here</p><p>1 &lt; 2 &amp; &lt;b&gt;bold&lt;/b&gt;</p>");
    expect(renderMarkdown(payload)).toBe("still here\n\n1 &lt; 2 &amp; &lt;b&gt;bold&lt;/b&gt;");
  });

  it("keeps a code block's content intact behind a longer fence", () => {
    const code = "```\n[x](javascript:alert(1))\n```";
    const markdown = renderMarkdown(doc({ type: "codeBlock", content: [text(code)] }));
    expect(markdown).toBe(`\`\`\`\`\n${code}\n\`\`\`\``);
    const window = new Window();
    window.document.body.innerHTML = markdownAsHtml(markdown);
    expect(window.document.body.querySelector("pre code")?.textContent).toBe(`${code}\n`);
    void window.happyDOM.close();
  });
});

describe("autoExcerpt and readingTime", () => {
  it("takes the whole text when it is short, blocks separated by spaces", () => {
    const d = doc({ type: "heading", attrs: { level: 1 }, content: [text("Title")] }, p(text("First "), text("para", [{ type: "bold" }])), p(text("Second")));
    expect(autoExcerpt(d)).toBe("Title First para Second");
  });

  it("cuts at a word within 160 characters", () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}xx`).join(" ");
    const excerpt = autoExcerpt(doc(p(text(words))));
    expect(excerpt.length).toBeLessThanOrEqual(160);
    expect(words.startsWith(excerpt)).toBe(true);
    expect(words[excerpt.length]).toBe(" ");
  });

  it("keeps a word ending exactly at 160 and hard-cuts a single longer word", () => {
    const exact = `${"a".repeat(159)}b c`;
    expect(autoExcerpt(doc(p(text(exact))))).toBe(`${"a".repeat(159)}b`);
    expect(autoExcerpt(doc(p(text("x".repeat(300)))))).toBe("x".repeat(160));
  });

  it("counts reading time as ceil(words / 200), 0 without text", () => {
    const words = (n: number) => doc(p(text(Array.from({ length: n }, () => "word").join(" "))));
    expect(readingTime(doc())).toBe(0);
    expect(readingTime(doc(image({ src: "https://img.example/a.png" })))).toBe(0);
    expect(readingTime(words(1))).toBe(1);
    expect(readingTime(words(200))).toBe(1);
    expect(readingTime(words(201))).toBe(2);
    expect(readingTime(words(1000))).toBe(5);
  });
});
