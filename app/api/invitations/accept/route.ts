// POST /api/invitations/accept { token } – the signed-in account joins the invitation's project (session only)
import { api } from "@/lib/http/api";
import { acceptInvitation } from "@/lib/members/accept-invitation";
import { acceptInvitationBodySchema, acceptedInvitationSchema } from "@/lib/members/member-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "session",
  body: acceptInvitationBodySchema,
  docs: {
    summary: "Accept an invitation",
    description: "The `token` is the last part of the invitation's `url`. The signed-in account's address must be the invited one; accepting verifies it.",
    tag: "Members",
    responses: { 200: { description: "The project joined and the role.", schema: acceptedInvitationSchema } },
    errors: {
      403: "`This invitation is for another email address`, or `Session required`.",
      409: "`Already a member`",
      410: "`Invitation expired`, or `Invitation no longer valid` (used, revoked, replaced or unknown).",
    },
  },
  handler: ({ principal, body }) => acceptInvitation({ token: body.token, userId: principal.actorId }),
});
