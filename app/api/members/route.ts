// GET /api/members – the project's people, the owner first (session only; TEAMS.md "Members")
import { api } from "@/lib/http/api";
import { listMembers } from "@/lib/members/list-members";
import { memberListSchema } from "@/lib/members/member-input";

export const runtime = "nodejs";

export const GET = api({
  auth: "session",
  action: "project.read",
  docs: {
    summary: "List members",
    description: "The current project's owner and members with their roles and status, the owner first. Sessions only: keys get 403 `Session required`.",
    tag: "Members",
    responses: { 200: { description: "The members.", schema: memberListSchema } },
    errors: { 403: "`Session required`", 404: "`Project not found`" },
  },
  handler: async ({ principal }) => ({ data: await listMembers(principal.projectId) }),
});
