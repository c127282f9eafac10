// DELETE /api/posts/:id/preview-links/:linkId: the link answers 404 from now on. The row stays,
// marked revoked (who shared what and when); a link already revoked or of another post is
// `404 Preview link not found`, so a second DELETE tells the caller it is gone.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { authorizePreviewSharing } from "./authorize-preview-sharing";

export async function revokePreviewLink(options: { principal: Principal; postId: string; linkId: string; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  await db().$transaction(async (tx) => {
    const post = await authorizePreviewSharing({ principal: options.principal, postId: options.postId }, tx);
    const { count } = await tx.previewLink.updateMany({
      where: { id: options.linkId, postId: post.id, revokedAt: null },
      data: { revokedAt: now },
    });
    if (count === 0) throw notFound("Preview link not found");
  });
}
