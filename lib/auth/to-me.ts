import type { Principal } from "./principal";
import type { z } from "zod";
import type { meSchema } from "./me-response";

/** DECISIONS §2: `scopes` is null for a session. */
export function toMe(principal: Principal): z.output<typeof meSchema> {
  return {
    id: principal.userId,
    username: principal.username,
    email: principal.email,
    plan: principal.plan,
    scopes: principal.scopes,
  };
}
