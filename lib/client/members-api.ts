// The member and invitation endpoints the Members page calls (TEAMS.md "Invitations", "Members");
// session only, in the page's project (Inkbase-Project, ./project-fetch.ts), through the SDK's
// `members` methods.
import { viaSdk } from "./api-client";

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

export function inviteMember(input: { email: string; role: MemberRole }): Promise<CreatedInvitation> {
  return viaSdk((inkbase) => inkbase.members.invitations.create(input)) as Promise<CreatedInvitation>;
}

export function resendInvitation(id: string): Promise<ResentInvitation> {
  return viaSdk((inkbase) => inkbase.members.invitations.resend(id)) as Promise<ResentInvitation>;
}

export function revokeInvitation(id: string): Promise<unknown> {
  return viaSdk((inkbase) => inkbase.members.invitations.revoke(id));
}

export function updateMember(userId: string, input: { role?: MemberRole; status?: "active" | "suspended" }): Promise<Member> {
  return viaSdk((inkbase) => inkbase.members.update(userId, input)) as Promise<Member>;
}

/** Removes a member; their posts go to `reassignTo` (the owner when null). */
export function removeMember(userId: string, reassignTo: string | null): Promise<unknown> {
  return viaSdk((inkbase) => inkbase.members.remove(userId, reassignTo ? { reassignTo } : {}));
}

/** Leaves the page's project (a removal with the owner as `reassignTo`). */
export function leaveProject(): Promise<unknown> {
  return viaSdk((inkbase) => inkbase.members.leave());
}
