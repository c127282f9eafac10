// `coauthors` replaces a post's co-author list, in the given order. A user co-author must exist,
// cannot be the owner and appears once; their own "show on my blog" choice survives the
// replacement when they stay on the post (it is theirs, not the owner's, to change).
import type { Tx } from "../db";
import { invalidInput, type Issue } from "../http/api-error";
import type { CoauthorInput } from "./post-input";

export async function replacePostCoauthors(
  tx: Tx,
  input: { ownerId: string; postId: string; coauthors: CoauthorInput[]; replacing: boolean },
): Promise<void> {
  const userIds = input.coauthors.flatMap((coauthor) => ("userId" in coauthor ? [coauthor.userId] : []));
  const [known, previous] = await Promise.all([
    userIds.length
      ? tx.user.findMany({ where: { id: { in: userIds } }, select: { id: true } })
      : Promise.resolve([]),
    input.replacing
      ? tx.postCoauthor.findMany({ where: { postId: input.postId, userId: { not: null } }, select: { userId: true, showOnBlog: true } })
      : Promise.resolve([]),
  ]);
  const knownIds = new Set(known.map((user) => user.id));
  const shown = new Map(previous.map((row) => [row.userId, row.showOnBlog]));

  const issues: Issue[] = [];
  const seen = new Set<string>();
  input.coauthors.forEach((coauthor, index) => {
    if (!("userId" in coauthor)) return;
    const path = ["coauthors", String(index), "userId"];
    if (coauthor.userId === input.ownerId) issues.push({ path, message: "The owner cannot be their own co-author" });
    else if (!knownIds.has(coauthor.userId)) issues.push({ path, message: "User not found" });
    else if (seen.has(coauthor.userId)) issues.push({ path, message: "Duplicate co-author" });
    seen.add(coauthor.userId);
  });
  if (issues.length) throw invalidInput(issues);

  await tx.postCoauthor.deleteMany({ where: { postId: input.postId } });
  if (input.coauthors.length === 0) return;
  await tx.postCoauthor.createMany({
    data: input.coauthors.map((coauthor, position) =>
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
