// Preview links below HTTP, on a real database: a link works until the instant it expires and not
// at it; a revoked link and a token of the wrong shape find nothing; the one permission call
// (authorizePreviewSharing) refuses another project's post as a 404; a link's row keeps only the
// token's hash; deleting the post deletes its links.
import { describe, expect, it } from "vitest";
import type { Principal } from "../../lib/auth/principal";
import { db } from "../../lib/db";
import { ApiError } from "../../lib/http/api-error";
import { createPost } from "../../lib/posts/create-post";
import { createPostSchema } from "../../lib/posts/post-input";
import { createPreviewLink } from "../../lib/preview-links/create-preview-link";
import { findPreviewedPost } from "../../lib/preview-links/find-previewed-post";
import { listPreviewLinks } from "../../lib/preview-links/list-preview-links";
import { hashPreviewToken } from "../../lib/preview-links/preview-token";
import { revokePreviewLink } from "../../lib/preview-links/revoke-preview-link";
import { connectTestDatabase, createTestUser, uniqueName } from "../support/fixtures";

connectTestDatabase();

async function owner(): Promise<Principal> {
  const user = await createTestUser();
  return {
    kind: "session",
    projectId: user.id,
    projectUsername: user.username,
    plan: "free",
    role: "owner",
    actorId: user.id,
    actorUsername: user.username,
    email: user.email,
    emailVerified: true,
    scopes: null,
    keyId: null,
    keyKind: null,
  };
}

async function draft(principal: Principal) {
  return (await createPost({ owner: { id: principal.projectId, username: principal.projectUsername }, input: createPostSchema.parse({ title: "Draft", slug: uniqueName("draft") }) })).id;
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("preview links on the database", () => {
  it("work until the instant they expire, not at it", async () => {
    const principal = await owner();
    const postId = await draft(principal);
    const now = new Date("2030-01-01T00:00:00Z");
    const link = await createPreviewLink({ principal, postId, expiresInHours: 1, now });
    expect(link.expiresAt).toBe("2030-01-01T01:00:00.000Z");
    const token = tokenOf(link.url);
    expect(await findPreviewedPost({ token, now: new Date("2030-01-01T00:59:59.999Z") })).toEqual({ postId });
    expect(await findPreviewedPost({ token, now: new Date("2030-01-01T01:00:00.000Z") })).toBeNull();
    const listed = await listPreviewLinks({ principal, postId, now: new Date("2030-01-01T01:00:00.000Z") });
    expect(listed.data).toEqual([expect.objectContaining({ id: link.id, status: "expired" })]);
  });

  it("keeps only the hash, finds nothing once revoked or for a malformed token, and dies with the post", async () => {
    const principal = await owner();
    const postId = await draft(principal);
    const link = await createPreviewLink({ principal, postId, expiresInHours: 72 });
    const token = tokenOf(link.url);
    const row = await db().previewLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(row.tokenHash).toBe(hashPreviewToken(token));
    expect(Object.values(row)).not.toContain(token);
    expect(await findPreviewedPost({ token: `${token}x` })).toBeNull();
    expect(await findPreviewedPost({ token: token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase() })).toBeNull();

    await revokePreviewLink({ principal, postId, linkId: link.id });
    expect(await findPreviewedPost({ token })).toBeNull();
    expect((await db().previewLink.findUniqueOrThrow({ where: { id: link.id } })).revokedAt).not.toBeNull();

    const second = await createPreviewLink({ principal, postId, expiresInHours: 72 });
    await db().post.delete({ where: { id: postId } });
    expect(await db().previewLink.count({ where: { id: { in: [link.id, second.id] } } })).toBe(0);
  });

  it("refuse another project's post as 404 Post not found, for every operation", async () => {
    const principal = await owner();
    const stranger = await owner();
    const postId = await draft(principal);
    const link = await createPreviewLink({ principal, postId, expiresInHours: 72 });
    const attempts = [
      () => createPreviewLink({ principal: stranger, postId, expiresInHours: 72 }),
      () => listPreviewLinks({ principal: stranger, postId }),
      () => revokePreviewLink({ principal: stranger, postId, linkId: link.id }),
    ];
    for (const attempt of attempts) {
      const err = await attempt().catch((error: unknown) => error);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(404);
      expect((err as ApiError).body).toEqual({ error: "Post not found" });
    }
    expect(await findPreviewedPost({ token: tokenOf(link.url) })).toEqual({ postId });
  });
});
