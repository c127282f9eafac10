// POST /api/members/invitations/:id/resend – a new link and 7 more days; the old link is dead (session only)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { createdInvitationSchema } from "@/lib/members/member-input";
import { resendInvitation } from "@/lib/members/resend-invitation";

export const runtime = "nodejs";

export const POST = api({
  auth: "session",
  action: "members.invite",
  params: z.object({ id: z.string().min(1).max(100) }),
  idempotency: "none",
  docs: {
    summary: "Resend an invitation",
    description: "A new `url` and `expiresAt`, mailed again when `SMTP_URL` is set; the previous link answers 410.",
    tag: "Members",
    responses: { 200: { description: "The invitation with its new link.", schema: createdInvitationSchema } },
    errors: { 403: "`Not allowed for your role`, `Member limit reached`, or `Session required`.", 404: "`Invitation not found`" },
  },
  handler: ({ principal, params }) => resendInvitation(principal, params.id),
});
