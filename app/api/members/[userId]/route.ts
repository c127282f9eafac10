// PATCH /api/members/:userId – change a member's role or status (admins and the owner; session only)
// DELETE /api/members/:userId?reassignTo= – remove a member, keeping their content (204); `me` leaves
import { z } from "zod";
import { api } from "@/lib/http/api";
import { memberSchema, removeMemberQuerySchema, updateMemberBodySchema } from "@/lib/members/member-input";
import { removeMember } from "@/lib/members/remove-member";
import { updateMember } from "@/lib/members/update-member";

export const runtime = "nodejs";

const params = z.object({ userId: z.string().min(1).max(100) });

export const PATCH = api({
  auth: "session",
  action: "members.manage",
  params,
  body: updateMemberBodySchema,
  docs: {
    summary: "Change a member's role or status",
    description: "`role` (viewer to admin) and/or `status` (`active`, `suspended`). Applies at the member's next request. A viewer given another role, or a member reinstated, needs a seat.",
    tag: "Members",
    responses: { 200: { description: "The member.", schema: memberSchema } },
    errors: { 403: "`Not allowed for your role`, `The owner cannot be changed`, `Member limit reached` (with `limit`), or `Session required`.", 404: "`Member not found`" },
  },
  handler: ({ principal, params, body }) => updateMember(principal, params.userId, body),
});

export const DELETE = api({
  auth: "session",
  params,
  query: removeMemberQuerySchema,
  docs: {
    summary: "Remove a member, or leave (`me`)",
    description: "Loses nothing: their user co-author entries become external ones with their name and username, posts they created go to `reassignTo` (default the owner), their personal keys are revoked. `DELETE /api/members/me` leaves the current project.",
    tag: "Members",
    responses: { 204: { description: "Removed." } },
    errors: { 400: "`reassignTo` is not an active member.", 403: "`Not allowed for your role`, `The owner cannot be changed`, or `Session required`.", 404: "`Member not found`" },
  },
  handler: async ({ principal, params, query }) => {
    await removeMember(principal, params.userId, { reassignTo: query.reassignTo });
    return new Response(null, { status: 204 });
  },
});
