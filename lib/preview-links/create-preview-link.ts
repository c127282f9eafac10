// POST /api/posts/:id/preview-links: a new link to the post as it is now (TEAMS.md "Preview
// links"). The token leaves only in this answer; the row keeps its hash.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { authorizePreviewSharing } from "./authorize-preview-sharing";
import type { CreatedPreviewLink } from "./preview-link-input";
import { newPreviewToken, previewUrl } from "./preview-token";

const HOUR_MS = 60 * 60_000;

export async function createPreviewLink(options: { principal: Principal; postId: string; expiresInHours: number; now?: Date }): Promise<CreatedPreviewLink> {
  const now = options.now ?? new Date();
  const expiresAt = new Date(now.getTime() + options.expiresInHours * HOUR_MS);
  const { token, tokenHash } = newPreviewToken();
  const row = await db().$transaction(async (tx) => {
    const post = await authorizePreviewSharing({ principal: options.principal, postId: options.postId }, tx);
    return tx.previewLink.create({
      data: { postId: post.id, tokenHash, expiresAt, createdById: options.principal.actorId },
      select: { id: true, expiresAt: true },
    });
  });
  return { id: row.id, url: previewUrl(token), expiresAt: row.expiresAt.toISOString() };
}
