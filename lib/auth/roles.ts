// The roles of TEAMS.md, least to most. The owner is implicit (the account the project is named
// after, no Membership row); the others are stored on Membership and on project keys.
import { z } from "zod";

export const ROLES = ["viewer", "contributor", "author", "editor", "admin", "owner"] as const;
export type Role = (typeof ROLES)[number];

/** The roles a member or a project key may hold: every role but the owner. */
export const MEMBER_ROLES = ["viewer", "contributor", "author", "editor", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const memberRoleSchema = z.enum(MEMBER_ROLES);

export function roleRank(role: Role): number {
  return ROLES.indexOf(role);
}

export function atLeast(role: Role, minimum: Role): boolean {
  return roleRank(role) >= roleRank(minimum);
}

export function isMemberRole(value: string): value is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(value);
}
