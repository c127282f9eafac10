// `coauthors` replaces a post's co-author list, in the given order. A user co-author (named by
// `userId`, or by `username` as the dashboard does) must exist, cannot be the owner and appears
// once; their own "show on my blog" choice survives the replacement when they stay on the post
// (it is theirs, not the owner's, to change). Raw statements, so that it runs in either kind of
// transaction (lib/db-sql.ts).
import { cuid } from "../cuid";
import type { SqlRunner } from "../db-sql";
import { invalidInput, type Issue } from "../http/api-error";
import type { CoauthorInput } from "./post-input";

type ResolvedCoauthor = Exclude<CoauthorInput, { username: string }>;
type CoauthorRow = { userId: string | null; showOnBlog: boolean; externalName: string | null; externalHandle: string | null; externalUrl: string | null };

/**
 * Replaces the post's co-authors (`fresh`: a post created in this transaction has none yet);
 * false (and nothing written) when the list is already exactly this one.
 */
export async function replacePostCoauthors(
  tx: SqlRunner,
  input: { ownerId: string; postId: string; coauthors: CoauthorInput[]; fresh?: boolean },
): Promise<boolean> {
  const userIds = input.coauthors.flatMap((coauthor) => ("userId" in coauthor ? [coauthor.userId] : []));
  const usernames = input.coauthors.flatMap((coauthor) => ("username" in coauthor ? [coauthor.username] : []));
  // One after the other: a pg client runs one query at a time (lib/db-sql.ts).
  const known =
    userIds.length || usernames.length
      ? await tx.$queryRaw<{ id: string; username: string }[]>`SELECT id, username FROM "User" WHERE id = ANY(${userIds}::text[]) OR username = ANY(${usernames}::text[])`
      : [];
  const previous = input.fresh
    ? []
    : await tx.$queryRaw<CoauthorRow[]>`
        SELECT "userId", "showOnBlog", "externalName", "externalHandle", "externalUrl" FROM "PostCoauthor"
        WHERE "postId" = ${input.postId} ORDER BY position`;
  const knownIds = new Set(known.map((user) => user.id));
  const idByUsername = new Map(known.map((user) => [user.username, user.id]));
  const shown = new Map(previous.flatMap((row) => (row.userId ? [[row.userId, row.showOnBlog]] : [])));

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

  const rows = coauthors.map((coauthor) =>
    "userId" in coauthor
      ? { userId: coauthor.userId, externalName: null, externalHandle: null, externalUrl: null }
      : { userId: null, externalName: coauthor.externalName, externalHandle: coauthor.externalHandle ?? null, externalUrl: coauthor.externalUrl ?? null },
  );
  if (!input.fresh) {
    const same =
      previous.length === rows.length &&
      previous.every((row, i) => row.userId === rows[i].userId && row.externalName === rows[i].externalName && row.externalHandle === rows[i].externalHandle && row.externalUrl === rows[i].externalUrl);
    if (same) return false;
    await tx.$executeRaw`DELETE FROM "PostCoauthor" WHERE "postId" = ${input.postId}`;
  }
  if (rows.length === 0) return true;
  await tx.$executeRaw`
    INSERT INTO "PostCoauthor" (id, "postId", position, "userId", "showOnBlog", "externalName", "externalHandle", "externalUrl")
    SELECT c.id, ${input.postId}, c.position - 1, c."userId", c."showOnBlog", c."externalName", c."externalHandle", c."externalUrl"
    FROM unnest(${rows.map(() => cuid())}::text[], ${rows.map((row) => row.userId)}::text[], ${rows.map((row) => (row.userId ? (shown.get(row.userId) ?? false) : false))}::boolean[],
                ${rows.map((row) => row.externalName)}::text[], ${rows.map((row) => row.externalHandle)}::text[], ${rows.map((row) => row.externalUrl)}::text[])
         WITH ORDINALITY AS c(id, "userId", "showOnBlog", "externalName", "externalHandle", "externalUrl", position)`;
  return true;
}
