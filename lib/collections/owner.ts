import type { Principal } from "../auth/principal";

/** The account a collection call acts for: its id filters every query, its username is an event's `project`. */
export type Owner = { id: string; username: string };

export function ownerOf(principal: Principal): Owner {
  if (!principal?.userId) throw new Error("collections: no authenticated principal");
  return { id: principal.userId, username: principal.username };
}
