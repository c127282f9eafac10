import type { Principal } from "../auth/principal";

/**
 * Who made a change, as version history and label history show it: the signed-in user
 * (`session`, id = user id) or an API key (`key`, id = key id, prefix = its shown prefix).
 */
export type Actor = { type: "session" | "key"; id: string; prefix?: string };

/**
 * The account a collection call acts for: its id filters every query, its username is an event's
 * `project`. `actor` is recorded on versions and label moves; callers without one (the demo seed,
 * domain tests) act as the account itself.
 */
export type Owner = { id: string; username: string; actor?: Actor };

export function ownerOf(principal: Principal): Owner {
  if (!principal?.projectId) throw new Error("collections: no authenticated principal");
  return { id: principal.projectId, username: principal.projectUsername, actor: actorOf(principal) };
}

function actorOf(principal: Principal): Actor {
  if (principal.kind === "key" && principal.keyId) {
    return { type: "key", id: principal.keyId, ...(principal.keyPrefix ? { prefix: principal.keyPrefix } : {}) };
  }
  return { type: "session", id: principal.actorId };
}

export function actorFor(owner: Owner): Actor {
  return owner.actor ?? { type: "session", id: owner.id };
}

/** The columns a version row keeps about its author. */
export function versionAuthor(owner: Owner): { authorType: string; authorId: string; authorPrefix: string | null } {
  const actor = actorFor(owner);
  return { authorType: actor.type, authorId: actor.id, authorPrefix: actor.prefix ?? null };
}

/** An actor as its table columns keep it (`actorType`, `actorId`, `actorPrefix`): the prefix only for keys. */
export function actorFromColumns(type: string, id: string, prefix: string | null): Actor {
  return type === "key" ? { type: "key", id, ...(prefix ? { prefix } : {}) } : { type: "session", id };
}
