// GET /api/project – the project's settings { reviewRequired } (admins and the owner)
// PATCH /api/project – change them { reviewRequired? } → 200 the settings
import { api } from "@/lib/http/api";
import { getProjectSettings, projectSettingsPatchSchema, projectSettingsSchema, updateProjectSettings } from "@/lib/project/project-settings";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  docs: {
    summary: "Get the project's settings",
    description: "`reviewRequired`: authors publish only a revision an editor approved (default false).",
    tag: "Reviews",
    sdk: "inkbase.project.get()",
    responses: { 200: { description: "The settings.", schema: projectSettingsSchema } },
  },
  handler: ({ principal }) => getProjectSettings(principal),
});

export const PATCH = api({
  auth: "key-or-session",
  action: "project.manage",
  body: projectSettingsPatchSchema,
  docs: {
    summary: "Change the project's settings",
    tag: "Reviews",
    sdk: "inkbase.project.update({ reviewRequired: true })",
    responses: { 200: { description: "The settings now.", schema: projectSettingsSchema } },
  },
  handler: ({ principal, body }) => updateProjectSettings(principal, body),
});
