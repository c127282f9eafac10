// DELETE /api/me { password } → 204 (ACCOUNTS.md "Delete account"): the account's own project
// with everything in it. The password is checked like a sign-in (403 "Wrong password",
// throttled); a project with other members is refused (refuse-while-project-has-members.ts). One
// transaction deletes the user row, and with it, through the schema's cascades, its posts,
// revisions, tags, co-authorships, collections with their entries, versions and labels, media
// rows and uploads, keys, webhooks with their deliveries, outbox events, imports, account links
// and queued mails. The media files go after the commit; any the store fails to delete have no
// row any more and the cron tick's orphan sweep removes them.
import { allowAuditDelete } from "../audit/allow-audit-delete";
import { db } from "../db";
import type { Principal } from "../auth/principal";
import { parseOrThrow } from "../http/parse-input";
import { logger } from "../log/logger";
import { uploadKey } from "../media/stage-upload";
import { mediaFileKeys } from "../media/media-file-keys";
import { mediaStorage, type MediaStorage } from "../media/storage";
import { deleteAccountInputSchema } from "./account-input";
import { forgetAccountExists } from "./has-any-account";
import { refuseWhileProjectHasMembers } from "./refuse-while-project-has-members";
import { requireCurrentPassword } from "./require-current-password";

/** Keys deleted per storage call (the S3 driver sends one request per key, in parallel). */
const DELETE_BATCH = 64;

export async function deleteAccount(options: { principal: Principal; body: unknown; ip: string; storage?: MediaStorage }): Promise<void> {
  const { principal } = options;
  const { password } = parseOrThrow(deleteAccountInputSchema, options.body);
  await requireCurrentPassword({ userId: principal.actorId, email: principal.email, password, ip: options.ip });
  const keys = await db().$transaction(async (tx) => {
    await refuseWhileProjectHasMembers(tx, { ownerId: principal.actorId });
    const media = await tx.media.findMany({ where: { ownerId: principal.actorId }, select: { id: true, storedName: true, variants: true } });
    const uploads = await tx.mediaUpload.findMany({ where: { ownerId: principal.actorId }, select: { id: true } });
    await tx.user.delete({ where: { id: principal.actorId } });
    // The project goes with everything in it, its audit log too (the one delete besides the
    // retention prune that the log's append-only trigger lets through).
    await allowAuditDelete(tx);
    await tx.$executeRaw`DELETE FROM "AuditEvent" WHERE "projectId" = ${principal.actorId}`;
    return [...media.flatMap((row) => mediaFileKeys(row)), ...uploads.map((upload) => uploadKey(upload.id))];
  });
  forgetAccountExists();
  const storage = options.storage ?? mediaStorage();
  for (let start = 0; start < keys.length; start += DELETE_BATCH) {
    await storage
      .delete(keys.slice(start, start + DELETE_BATCH))
      .catch((err: unknown) => logger().warn({ err, userId: principal.actorId }, "a deleted account's media files are left for the orphan sweep"));
  }
}
