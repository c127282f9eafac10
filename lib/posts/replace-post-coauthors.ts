// `coauthors` replaces a post's co-author list, in the given order. A user co-author (named by
// `userId`, or by `username` as the dashboard does) must exist, cannot be the owner and appears once; their own "show on my blog" choice survives the
// replacement when they stay on the post (it is theirs, not the owner's, to change).
import type { Tx } from "../db";
import { invalidInput, type Issue } from "../http/api-error";
import type { CoauthorInput } from "./post-input";

type ResolvedCoauthor = Exclude<CoauthorInput, { username: string }>;

export async function replacePostCoauthors(
  tx: Tx,
  input: { ownerId: string; postId: string; coauthors: CoauthorInput[]; replacing: boolean },
): Promise<void> {
  const userIds = input.coauthors.flatMap((coauthor) => ("userId" in coauthor ? [coauthor.userId] : []));
  const usernames = input.coauthors.flatMap((coauthor) => ("username" in coauthor ? [coauthor.username] : []));
  const [known, previous] = await Promise.all([
    userIds.length || usernames.length
      ? tx.user.findMany({ where: { OR: [{ id: { in: userIds } }, { username: { in: usernames } }] }, select: { id: true, username: true } })
      : Promise.resolve([]),
    input.replacing
      ? tx.postCoauthor.findMany({ where: { postId: input.postId, userId: { not: null } }, select: { userId: true, showOnBlog: true } })
      : Promise.resolve([]),
  ]);
  const knownIds = new Set(known.map((user) => user.id));
  const idByUsername = new Map(known.map((user) => [user.username, user.id]));
  const shown = new Map(previous.map((row) => [row.userId, row.showOnBlog]));

  const issues: Issue[] = [];
  const seen = new Set<string>();
  const coauthors = input.coauthors.map((coauthor, index): ResolvedCoauthor => {
    if (!("userId" in coauthor) && !("username" in coauthor)) return coauthor;
    const key = "userId" in coauthor ? "userId" : "username";
    const userId = "userId" in coauthor ? (knownIds.has(coauthor.userId) ? coauthor.userId : undefined) : idByUsername.get(coauthor.username);
    const path = ["coauthors", String(index), key];
    if (userId === undefined) issues.push({ path, message: "User not found" });
    else if (userId === input.ownerId) issues.push({ path, message: "The owner cannot be their own co-author" });
    else if (seen.has(userId)) issues.push({ path, message: "Duplicate co-author" });
    if (userId !== undefined) seen.add(userId);
    return { userId: userId ?? "" };
  });
  if (issues.length) throw invalidInput(issues);

  await tx.postCoauthor.deleteMany({ where: { postId: input.postId } });
  if (coauthors.length === 0) return;
  await tx.postCoauthor.createMany({
    data: coauthors.map((coauthor, position) =>
      "userId" in coauthor
        ? { postId: input.postId, position, userId: coauthor.userId, showOnBlog: shown.get(coauthor.userId) ?? false }
        : {
            postId: input.postId,
            position,
            externalName: coauthor.externalName,
            externalHandle: coauthor.externalHandle ?? null,
            externalUrl: coauthor.externalUrl ?? null,
          },
    ),
  });
}
