// Demo posts for the first-run seed: one of each state a newcomer should see (published,
// scheduled, link-only, draft) with tags, SEO overrides, rich content and a co-author (a second
// demo user, who shows the shared post on their own blog).
import { randomBytes } from "node:crypto";
import { createPost } from "../posts/create-post";
import type { CreatePostInput } from "../posts/post-input";
import { setCoauthorShowOnBlog } from "../posts/set-coauthor-show-on-blog";
import { createUser } from "../users/create-user";

const DAY = 86_400_000;
const text = (value: string, marks?: { type: string; attrs?: Record<string, unknown> }[]) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const paragraph = (...content: ReturnType<typeof text>[]) => ({ type: "paragraph", content });
const heading = (value: string) => ({ type: "heading", attrs: { level: 2 }, content: [text(value)] });
const doc = (...content: unknown[]) => ({ type: "doc", content }) as CreatePostInput["content"];

export async function seedDemoPosts(owner: { userId: string; username: string }): Promise<void> {
  const coauthor = await createUser({
    username: "ada",
    email: "ada@inkbase.local",
    password: randomBytes(12).toString("base64url"),
    displayName: "Ada (demo co-author)",
  });
  const create = (input: CreatePostInput) => createPost({ owner: { id: owner.userId, username: owner.username }, input });
  const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

  await create({
    title: "Welcome to Inkbase",
    slug: "welcome-to-inkbase",
    subtitle: "Everything a post can hold, in one place",
    status: "published",
    publishedAt: ago(3),
    featured: true,
    tagNames: ["Getting started", "Inkbase"],
    seoDescription: "A tour of Inkbase posts: formats, tags, SEO and scheduling.",
    content: doc(
      paragraph(text("This post is stored as a "), text("Tiptap document", [{ type: "bold" }]), text(" and served as JSON, HTML or Markdown.")),
      heading("Try it"),
      {
        type: "bulletList",
        content: [
          { type: "listItem", content: [paragraph(text("Add "), text("?format=html", [{ type: "code" }]), text(" or "), text("?format=markdown", [{ type: "code" }]), text(" to a read."))] },
          { type: "listItem", content: [paragraph(text("Filter the list by tag: "), text("?tag=getting-started", [{ type: "code" }]))] },
          { type: "listItem", content: [paragraph(text("Read the "), text("contract", [{ type: "link", attrs: { href: "https://example.com/inkbase-spec" } }]), text("."))] },
        ],
      },
      { type: "codeBlock", attrs: { language: "bash" }, content: [text(`curl ${"$"}BASE/api/posts/by-username/${owner.username}?format=html`)] },
      { type: "blockquote", content: [paragraph(text("Every public read carries an ETag: send it back in If-None-Match and get a 304."))] },
    ),
  });

  const shared = await create({
    title: "Writing together",
    slug: "writing-together",
    status: "published",
    publishedAt: ago(1),
    tagNames: ["Collaboration"],
    coauthors: [{ userId: coauthor.id }, { externalName: "Grace Hopper", externalHandle: "@grace", externalUrl: "https://example.com/grace" }],
    content: doc(
      paragraph(text("Co-authors are either users of this instance or people from elsewhere.")),
      paragraph(text(`This post also appears on /api/posts/by-username/${coauthor.username}, because its co-author chose to show it there.`)),
    ),
  });
  await setCoauthorShowOnBlog({ userId: coauthor.id, postId: shared.id, show: true });

  await create({
    title: "Scheduled: next week's post",
    slug: "next-weeks-post",
    status: "published",
    publishedAt: new Date(Date.now() + 7 * DAY).toISOString(),
    tagNames: ["Getting started"],
    content: doc(paragraph(text("Published posts with a future date stay hidden from every public read until that time."))),
  });

  await create({
    title: "Notes for reviewers (link-only)",
    slug: "notes-for-reviewers",
    status: "published",
    publishedAt: ago(2),
    visibility: "link-only",
    content: doc(paragraph(text("Readable by anyone who has the link, but never listed, and marked noindex."))),
  });

  await create({
    title: "Ideas for later (draft)",
    slug: "ideas-for-later",
    tagNames: ["Ideas"],
    content: doc(paragraph(text("Drafts are visible only in /api/posts/mine and in the owner's preview."))),
  });
}
