// TEAMS.md media rights: contributors and authors edit and delete their own uploads, editors and
// above anyone's. The read is skipped for roles that may edit everything.
import { authorize, can } from "../auth/can";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { notFound } from "../http/api-error";

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind" | "keyKind">;

/** Who an upload is recorded as made by: the acting member; null for the owner and project keys. */
export function mediaCreator(principal: Caller): string | null {
  return principal.keyKind === "project" || principal.actorId === principal.projectId ? null : principal.actorId;
}

export async function authorizeMediaEdit(principal: Caller, mediaId: string): Promise<void> {
  if (can(principal, "media.edit", { createdById: null })) return;
  const media = await db().media.findFirst({ where: { id: mediaId, ownerId: principal.projectId }, select: { createdById: true } });
  if (!media) throw notFound("Media not found");
  authorize(principal, "media.edit", { createdById: media.createdById });
}
