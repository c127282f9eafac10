// TEAMS.md "What each role may do" as data (STYLE.md "Who may do what"): each action with its
// description, the least role that may take it on anything, and the roles that may take it only
// on their own things. `can()` (lib/auth/can.ts) reads this and nothing else decides; the
// permission walk (tests/api/teams-permissions.test.ts) and docs/teams.md use the same table.
import type { Role } from "./roles";

/** `own`: created by the caller or listing them as a { userId } co-author; `own-draft`: and still a draft. */
export type Ownership = "own" | "own-draft";

export type Permission = {
  description: string;
  /** The least role that may take the action on anything. */
  min: Role;
  /** Lower roles that may take it on their own resources only. */
  own?: Partial<Record<Role, Ownership>>;
  /** Never through a key: 403 "Session required". */
  sessionOnly?: true;
};

export const PERMISSIONS = {
  "project.read": { description: "Read posts, revisions, collections, entries, labels, media and reviews, drafts included", min: "viewer" },
  "posts.create": { description: "Create posts (drafts)", min: "contributor" },
  "posts.edit": { description: "Edit posts", min: "editor", own: { contributor: "own-draft", author: "own" } },
  "posts.delete": { description: "Delete posts", min: "editor", own: { contributor: "own-draft", author: "own" } },
  "posts.publish": { description: "Publish, unpublish, schedule, change visibility", min: "editor", own: { author: "own" } },
  "entries.write": { description: "Write entries", min: "contributor" },
  "labels.move": { description: "Move labels that are not protected", min: "contributor" },
  "entries.delete": { description: "Delete entries", min: "editor" },
  "labels.move_protected": { description: "Move protected labels", min: "editor" },
  "collections.manage": { description: "Collections and their schemas, protected label lists", min: "admin" },
  "media.upload": { description: "Upload media", min: "contributor" },
  "media.edit": { description: "Edit and delete media", min: "editor", own: { contributor: "own", author: "own" } },
  "project.manage": { description: "Webhooks, imports, exports, the event feed, project settings", min: "admin" },
  "members.invite": { description: "Invite (editors: contributors and authors only)", min: "editor", sessionOnly: true },
  "members.manage": { description: "Change roles, suspend, remove members (not the owner)", min: "admin", sessionOnly: true },
  "audit.read": { description: "Read the audit log", min: "admin", sessionOnly: true },
  "keys.personal": { description: "Personal keys (viewers: read scopes only)", min: "viewer", sessionOnly: true },
  "keys.project": { description: "Project keys", min: "admin", sessionOnly: true },
} as const satisfies Record<string, Permission>;

export type Action = keyof typeof PERMISSIONS;

export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** The roles an editor may invite; admins and the owner invite any role but the owner. */
export const EDITOR_INVITABLE_ROLES: readonly Role[] = ["contributor", "author"];
