// POST /api/members/invitations – invite an address with a role (201 with the link, shown once; session only)
// GET /api/members/invitations – pending and expired invitations (session only)
import { api } from "@/lib/http/api";
import { createInvitation } from "@/lib/members/create-invitation";
import { listInvitations } from "@/lib/members/list-invitations";
import { createdInvitationSchema, invitationListSchema, inviteBodySchema } from "@/lib/members/member-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "session",
  action: "members.invite",
  body: inviteBodySchema,
  // The answer holds the invitation's link, which must never be stored.
  idempotency: "none",
  docs: {
    summary: "Invite a member",
    description: "Editors invite contributors and authors; admins and the owner any role but the owner. The `url` works once, for this address, 7 days; it is mailed when `SMTP_URL` is set. Pending invitations take seats (viewers do not).",
    tag: "Members",
    responses: { 201: { description: "The invitation with its link.", schema: createdInvitationSchema } },
    errors: { 403: "`Not allowed for your role`, `Member limit reached` (with `limit`), or `Session required`.", 409: "`Already a member` or `Already invited`." },
  },
  handler: async ({ principal, body }) => Response.json(await createInvitation(principal, body), { status: 201 }),
});

export const GET = api({
  auth: "session",
  action: "members.invite",
  docs: {
    summary: "List invitations",
    description: "Pending and expired invitations, newest first; accepted and revoked ones leave the list. Never the link.",
    tag: "Members",
    responses: { 200: { description: "The invitations.", schema: invitationListSchema } },
    errors: { 403: "`Not allowed for your role` or `Session required`." },
  },
  handler: async ({ principal }) => ({ data: await listInvitations(principal.projectId) }),
});
