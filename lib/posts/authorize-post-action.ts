// TEAMS.md "Own post" for the post routes: a role that may take an action only on its own posts
// (contributors: own drafts; authors: own) is checked against the post's creator and its
// { userId } co-authors. Roles that may act on every post skip the read entirely, so a project's
// owner and its editors pay nothing for this.
import { authorize, can, type OwnedResource } from "../auth/can";
import type { Action } from "../auth/permissions";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { notFound } from "../http/api-error";

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

/** Whether the caller may take `action` on every post, whoever made it. */
export function mayActOnAnyPost(principal: Caller, action: Action): boolean {
  return can(principal, action, { createdById: null, coauthorIds: [], draft: false });
}

/** The fields of an update that publish, unpublish, schedule or change visibility. */
export function publishesSomething(input: { status?: unknown; publishedAt?: unknown; visibility?: unknown }): boolean {
  return input.status !== undefined || input.publishedAt !== undefined || input.visibility !== undefined;
}

/** What ownership is decided on for one post of the caller's project (null when absent). */
export async function findOwnedPost(principal: Caller, postId: string): Promise<OwnedResource | null> {
  const post = await db().post.findFirst({
    where: { id: postId, ownerId: principal.projectId },
    select: { createdById: true, status: true, coauthors: { where: { userId: { not: null } }, select: { userId: true } } },
  });
  return post ? { createdById: post.createdById, coauthorIds: post.coauthors.map((c) => c.userId!), draft: post.status === "draft" } : null;
}

/** Throws 403 "Not allowed for your role" unless the caller may take each action on the post (404 when absent). */
export async function authorizePostActions(principal: Caller, postId: string, actions: Action[]): Promise<void> {
  if (actions.every((action) => mayActOnAnyPost(principal, action))) return;
  const resource = await findOwnedPost(principal, postId);
  if (!resource) throw notFound("Post not found");
  for (const action of actions) authorize(principal, action, resource);
}

/** The ids among `ids` the caller may take `action` on (bulk actions skip the others, like ids not owned). */
export async function postsAllowed(principal: Caller, ids: string[], action: Action): Promise<string[]> {
  if (mayActOnAnyPost(principal, action)) return ids;
  const posts = await db().post.findMany({
    where: { id: { in: ids }, ownerId: principal.projectId },
    select: { id: true, createdById: true, status: true, coauthors: { where: { userId: { not: null } }, select: { userId: true } } },
  });
  return posts
    .filter((post) => can(principal, action, { createdById: post.createdById, coauthorIds: post.coauthors.map((c) => c.userId!), draft: post.status === "draft" }))
    .map((post) => post.id);
}
