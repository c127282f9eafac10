// GET/PATCH /api/project { reviewRequired } (TEAMS.md "Review"; admins and the owner): the
// project's own settings, kept on its owner's row (a project is its owner).
import { recordAudit } from "../audit/record-audit";
import { z } from "zod";
import type { Principal } from "../auth/principal";
import { db } from "../db";

export const projectSettingsSchema = z.object({ reviewRequired: z.boolean() }).meta({ id: "ProjectSettings" });
export const projectSettingsPatchSchema = z.strictObject({ reviewRequired: z.boolean().optional() });
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

export async function getProjectSettings(principal: Pick<Principal, "projectId">): Promise<ProjectSettings> {
  const row = await db().user.findUniqueOrThrow({ where: { id: principal.projectId }, select: { reviewRequired: true } });
  return { reviewRequired: row.reviewRequired };
}

export async function updateProjectSettings(principal: Pick<Principal, "projectId">, input: z.output<typeof projectSettingsPatchSchema>): Promise<ProjectSettings> {
  return db().$transaction(async (tx) => {
    const row = await tx.user.update({ where: { id: principal.projectId }, data: { ...(input.reviewRequired !== undefined ? { reviewRequired: input.reviewRequired } : {}) }, select: { reviewRequired: true } });
    await recordAudit(tx, { action: "project.updated", target: { type: "project", id: principal.projectId }, changes: input });
    return { reviewRequired: row.reviewRequired };
  });
}
