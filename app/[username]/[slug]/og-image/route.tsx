// GET /<username>/<slug>/og-image – the generated Open Graph image (1200×630 PNG: title and
// author) that the post page names when the post has no ogImage and no cover. Served for the
// posts the public read serves; the same ETag keys as that read, so an edit changes the image.
import { ImageResponse } from "next/og";
import { conditionalBody } from "@/lib/http/conditional-json";
import { publicCacheControl } from "@/lib/posts/public-http";
import { postPageHead } from "@/lib/public-site/load-post-page";
import { coveredText, ogFonts } from "@/lib/public-site/og-fonts";
import { notFoundText } from "@/lib/public-site/not-found";
import { pageEtag } from "@/lib/public-site/page-etag";

export const runtime = "nodejs";
export const dynamic = "force-dynamic"; // read from the database on every request, never at build

export async function GET(req: Request, ctx: { params: Promise<{ username: string; slug: string }> }) {
  const { username, slug } = await ctx.params;
  const head = await postPageHead({ username, slug });
  if (!head) return notFoundText();
  // A rendered image is kept in the body cache by its ETag: satori's render is the costly part.
  return conditionalBody(req, {
    etag: pageEtag("og-image", head.etag),
    cacheControl: publicCacheControl(),
    cacheTags: head.read.cacheTags,
    contentType: "image/png",
    body: () => renderImage(head.read),
  });
}

async function renderImage(read: NonNullable<Awaited<ReturnType<typeof postPageHead>>>["read"]): Promise<ArrayBuffer> {
  // The public read behind the ETag, loaded once: no second key statement.
  const post = await read.body();
  const blogName = coveredText(post.seo.openGraph.siteName) || post.user.username;
  const title = coveredText(post.seo.openGraph.title) || blogName;
  const authors = (Array.isArray(post.jsonLd[0].author) ? post.jsonLd[0].author : [])
    .map((author) => coveredText(String((author as { name?: string }).name ?? "")))
    .filter(Boolean)
    .join(", ");

  const image = new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: "72px 80px",
          background: "#fafaf8",
          color: "#1a1a1a",
          fontFamily: "Inter",
          borderTop: "16px solid #3b4cca",
        }}
      >
        <div style={{ display: "flex", fontSize: 32, color: "#5c5c57" }}>{blogName}</div>
        <div style={{ display: "flex", fontSize: title.length > 60 ? 56 : 72, fontWeight: 700, lineHeight: 1.15 }}>{title}</div>
        <div style={{ display: "flex", fontSize: 32, color: "#3b4cca" }}>{authors || blogName}</div>
      </div>
    ),
    { width: 1200, height: 630, fonts: await ogFonts() },
  );
  return image.arrayBuffer();
}
