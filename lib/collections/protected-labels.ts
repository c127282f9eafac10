// TEAMS.md "Protected labels": pointing or removing a label in the collection's `protectedLabels`
// (default ["production"]) needs editor or above. Checked by every label-moving path before it
// writes: label PUT and DELETE, entries created or updated with a label, bulk items, and a
// scheduled move when it is made (here) and when it runs (scheduled-move-right.ts). Callers who
// may move protected labels (editors, admins, the owner) skip the read entirely.
import { can } from "../auth/can";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { ApiError, notFound } from "../http/api-error";

export const protectedLabel = (label: string) => new ApiError(403, { error: "Protected label", label });

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

/** Throws 403 "Protected label" when one of `labels` is protected in the collection and the caller may not move it. */
export async function refuseProtectedLabels(principal: Caller, collectionSlug: string, labels: (string | undefined | null)[]): Promise<void> {
  const named = labels.filter((label): label is string => typeof label === "string");
  if (named.length === 0 || can(principal, "labels.move_protected")) return;
  const collection = await db().collection.findFirst({ where: { ownerId: principal.projectId, slug: collectionSlug }, select: { protectedLabels: true } });
  if (!collection) throw notFound("Collection not found");
  const hit = named.find((label) => (collection.protectedLabels ?? []).includes(label));
  if (hit !== undefined) throw protectedLabel(hit);
}

/** The `label` of each bulk item that names one (create and update items). */
export function bulkItemLabels(items: unknown[]): string[] {
  return items.flatMap((item) => {
    const label = typeof item === "object" && item !== null ? (item as { label?: unknown }).label : undefined;
    return typeof label === "string" ? [label] : [];
  });
}
