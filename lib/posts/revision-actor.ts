// Who made a post revision (HISTORY.md): a signed-in user (`user`, id = the user's id) or an API
// key (`key`, id = the key's id, prefix = its shown prefix). Coalescing compares actors: the same
// session user, or the same key, may keep rewriting their newest `edit` revision.
import type { Principal } from "../auth/principal";

export type RevisionActor = { type: "user"; id: string } | { type: "key"; id: string; prefix: string | null };

export function revisionActorOf(principal: Principal): RevisionActor {
  if (!principal?.projectId) throw new Error("posts: no authenticated principal");
  if (principal.kind === "key" && principal.keyId) return { type: "key", id: principal.keyId, prefix: principal.keyPrefix ?? null };
  return { type: "user", id: principal.actorId };
}

/** The owner acting as themself: writes without a principal (the demo seed, domain tests). */
export function ownerActor(ownerId: string): RevisionActor {
  return { type: "user", id: ownerId };
}

export function sameActor(a: RevisionActor, b: { type: string; id: string }): boolean {
  return a.type === b.type && a.id === b.id;
}
