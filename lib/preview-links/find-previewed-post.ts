// `/preview/<token>`: which post a link shows, or null when the token is unknown, expired or
// revoked (all three are the same 404: a link says nothing about why it stopped working). One
// indexed lookup by the token's hash.
import { db } from "../db";
import { hashPreviewToken, isPreviewTokenShape } from "./preview-token";

export async function findPreviewedPost(options: { token: string; now?: Date }): Promise<{ postId: string } | null> {
  if (!isPreviewTokenShape(options.token)) return null;
  const now = options.now ?? new Date();
  const link = await db().previewLink.findUnique({
    where: { tokenHash: hashPreviewToken(options.token) },
    select: { postId: true, expiresAt: true, revokedAt: true },
  });
  if (!link || link.revokedAt !== null || link.expiresAt.getTime() <= now.getTime()) return null;
  return { postId: link.postId };
}
