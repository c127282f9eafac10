import type { z } from "zod";
import { listProjects } from "../members/list-projects";
import type { meSchema } from "./me-response";
import type { Principal } from "./principal";

/** DECISIONS §2: `scopes` is null for a session. TEAMS.md: `project`, and `projects` for sessions. */
export async function toMe(principal: Principal): Promise<z.output<typeof meSchema>> {
  const me = {
    id: principal.actorId,
    username: principal.actorUsername,
    email: principal.email,
    plan: principal.plan,
    scopes: principal.scopes,
    project: { username: principal.projectUsername, role: principal.role },
  };
  if (principal.kind !== "session") return me;
  return { ...me, projects: await listProjects(principal.actorId) };
}
