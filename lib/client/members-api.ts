// The member and invitation endpoints the Members page calls (TEAMS.md "Invitations", "Members");
// session only, in the page's project (Inkbase-Project, ./project-fetch.ts).
import { apiRequest } from "./api-client";

export type MemberRole = "viewer" | "contributor" | "author" | "editor" | "admin";
export type Member = {
  userId: string;
  username: string;
  displayName: string | null;
  email: string;
  role: MemberRole | "owner";
  status: "active" | "suspended";
  joinedAt: string | null;
};
export type CreatedInvitation = { id: string; email: string; role: MemberRole; status: "pending"; expiresAt: string; url: string };
export type ResentInvitation = { id: string; url: string; expiresAt: string } & Record<string, unknown>;

const member = (userId: string) => `/api/members/${encodeURIComponent(userId)}`;
const invitation = (id: string) => `/api/members/invitations/${encodeURIComponent(id)}`;

export function inviteMember(input: { email: string; role: MemberRole }): Promise<CreatedInvitation> {
  return apiRequest<CreatedInvitation>("POST", "/api/members/invitations", input);
}

export function resendInvitation(id: string): Promise<ResentInvitation> {
  return apiRequest<ResentInvitation>("POST", `${invitation(id)}/resend`);
}

export function revokeInvitation(id: string): Promise<unknown> {
  return apiRequest("DELETE", invitation(id));
}

export function updateMember(userId: string, input: { role?: MemberRole; status?: "active" | "suspended" }): Promise<Member> {
  return apiRequest<Member>("PATCH", member(userId), input);
}

/** Removes a member; their posts go to `reassignTo` (the owner when null). */
export function removeMember(userId: string, reassignTo: string | null): Promise<unknown> {
  return apiRequest("DELETE", `${member(userId)}${reassignTo ? `?reassignTo=${encodeURIComponent(reassignTo)}` : ""}`);
}

/** Leaves the page's project (a removal with the owner as `reassignTo`). */
export function leaveProject(): Promise<unknown> {
  return apiRequest("DELETE", "/api/members/me");
}
