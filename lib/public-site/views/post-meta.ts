import { html, type Html } from "../html";

// Rendered in UTC so the HTML is the same for every reader (and cacheable).
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

export function postDate(iso: string | null): Html | null {
  if (!iso) return null;
  return html`<time datetime="${iso}">${dateFormat.format(new Date(iso))}</time>`;
}

/** Date · reading time, then the tags linking to the blog's tag pages. */
export function postMeta(props: { username: string; publishedAt: string | null; readingTime: number; tags: { name: string; slug: string }[] }): Html {
  return html`<p class="post-meta">${postDate(props.publishedAt)}${props.readingTime > 0 ? html`<span>${props.readingTime} min read</span>` : null}</p>${
    props.tags.length
      ? html`<ul class="post-tags" aria-label="Tags">${props.tags.map(
          (tag) => html`<li><a class="post-tag" href="/${props.username}/tags/${encodeURIComponent(tag.slug)}">${tag.name}</a></li>`,
        )}</ul>`
      : null
  }`;
}
