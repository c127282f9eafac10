// PATCH /api/me: the signed-in author edits their display name (the blog's name in SEO, feeds
// and JSON-LD). The user row's updatedAt moves, which changes every public ETag that shows it,
// and the cached pages that show it are purged after the answer (lib/cache).
import { purgeAfterResponse } from "../cache/purge-after-response";
import { userCacheTags } from "../cache/user-cache-tags";
import { db } from "../db";
import { notFound } from "../http/api-error";
import type { UpdateProfileInput } from "./user-input";

export async function updateProfile(options: { userId: string; input: UpdateProfileInput }) {
  const { count } = await db().user.updateMany({ where: { id: options.userId }, data: { displayName: options.input.displayName } });
  if (count === 0) throw notFound("User not found");
  // The name shows on their blog and on every post they co-author.
  purgeAfterResponse("display name", () => userCacheTags(options.userId));
  const user = await db().user.findUniqueOrThrow({
    where: { id: options.userId },
    select: { id: true, username: true, email: true, displayName: true, plan: true },
  });
  return user;
}
