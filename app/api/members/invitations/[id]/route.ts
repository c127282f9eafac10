// DELETE /api/members/invitations/:id – revoke an invitation; its link is dead (204, session only)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { revokeInvitation } from "@/lib/members/revoke-invitation";

export const runtime = "nodejs";

export const DELETE = api({
  auth: "session",
  action: "members.invite",
  params: z.object({ id: z.string().min(1).max(100) }),
  docs: {
    summary: "Revoke an invitation",
    tag: "Members",
    responses: { 204: { description: "Revoked: the link answers 410 `Invitation no longer valid`." } },
    errors: { 403: "`Not allowed for your role` or `Session required`.", 404: "`Invitation not found`" },
  },
  handler: async ({ principal, params }) => {
    await revokeInvitation(principal, params.id);
    return new Response(null, { status: 204 });
  },
});
