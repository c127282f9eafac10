// The public pages' one stylesheet. These pages are route handlers that write their own HTML
// (docs/public-site.md "No JavaScript"), so Next's CSS pipeline, which links CSS only into React
// pages, does not serve them. The stylesheet is the same source files the React pages use
// (the design tokens of app/globals.css, the site header, the blog and article styles), read once
// per process, lightly minified, and served at a URL named by its content hash, so browsers and
// CDNs keep it for a year and a new deploy with other styles gets a new URL.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { STYLESHEET_SOURCES } from "./stylesheet-sources.mjs";

type Stylesheet = { css: string; hash: string; href: string };

let built: Stylesheet | undefined;

/** Comments and layout whitespace out; nothing that could change a selector or a value. */
function minify(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{};])\s*/g, "$1")
    .trim();
}

export function publicStylesheet(): Stylesheet {
  // Under `next dev` every request reads the files again, so a style edit shows on reload.
  if (built && process.env.NODE_ENV === "production") return built;
  // Not traced from here: a path built at run time made Turbopack trace the whole project into
  // every function. next.config.mjs ships exactly these files with the routes that read them.
  const css = minify(STYLESHEET_SOURCES.map((file) => readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), file), "utf8")).join("\n"));
  const hash = createHash("sha256").update(css).digest("base64url").slice(0, 16);
  built = { css, hash, href: `/assets/blog-${hash}.css` };
  return built;
}
