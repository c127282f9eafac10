// Request bodies and response shapes of /api/members and /api/invitations (TEAMS.md).
import { z } from "zod";
import { accountEmailSchema } from "../accounts/account-input";
import { memberRoleSchema, ROLES } from "../auth/roles";

const instant = z.iso.datetime();

export const inviteBodySchema = z.object({ email: accountEmailSchema, role: memberRoleSchema }).meta({ id: "InvitationInput" });

export const updateMemberBodySchema = z
  .object({ role: memberRoleSchema.optional(), status: z.enum(["active", "suspended"]).optional() })
  .refine((body) => body.role !== undefined || body.status !== undefined, { message: "Send role or status" })
  .meta({ id: "MemberUpdate" });

export const removeMemberQuerySchema = z.object({ reassignTo: z.string().min(1).max(100).optional() });

export const acceptInvitationBodySchema = z.object({ token: z.string().min(1).max(200) }).meta({ id: "InvitationAccept" });

export const memberSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    displayName: z.string().nullable(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.enum(["active", "suspended"]),
    joinedAt: instant,
  })
  .meta({ id: "Member" });

export const memberListSchema = z.object({ data: z.array(memberSchema) }).meta({ id: "MemberList" });

export const createdInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: memberRoleSchema,
    status: z.literal("pending"),
    expiresAt: instant,
    url: z.string().meta({ description: "`<PUBLIC_BASE_URL>/invite/<token>`: single use, for this address, 7 days; shown only here and in a resend's answer." }),
  })
  .meta({ id: "CreatedInvitation" });

export const invitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: memberRoleSchema,
    status: z.enum(["pending", "expired"]),
    invitedBy: z.object({ id: z.string(), username: z.string() }),
    expiresAt: instant,
  })
  .meta({ id: "Invitation" });

export const invitationListSchema = z.object({ data: z.array(invitationSchema) }).meta({ id: "InvitationList" });

export const acceptedInvitationSchema = z
  .object({ project: z.object({ username: z.string() }), role: memberRoleSchema })
  .meta({ id: "AcceptedInvitation" });
