// GET /api/posts/:id/preview-links: the post's links that were not revoked, newest first, without
// tokens (only their hashes exist). Expired ones stay listed as `expired` so they can be revoked
// from the list and the author sees why a shared link stopped working.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { authorizePreviewSharing } from "./authorize-preview-sharing";
import type { PreviewLinkResponse } from "./preview-link-input";

export async function listPreviewLinks(options: { principal: Principal; postId: string; now?: Date }): Promise<{ data: PreviewLinkResponse[] }> {
  const now = options.now ?? new Date();
  const post = await authorizePreviewSharing(options);
  const rows = await db().previewLink.findMany({
    where: { postId: post.id, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, expiresAt: true, createdAt: true },
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      status: row.expiresAt.getTime() > now.getTime() ? "active" : "expired",
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
