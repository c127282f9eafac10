// A user co-author's own choice whether a post they co-author appears in their blog's public list
// (DECISIONS §5, default not shown). The caller is the co-author, not the post's owner:
// PUT /api/posts/:id/coauthorship, the posts page's "Show on my blog" switch, the demo seed.
import { projectTag } from "../cache/cache-tags";
import { purgeAfterResponse } from "../cache/purge-after-response";
import { db } from "../db";
import { notFound } from "../http/api-error";

export async function setCoauthorShowOnBlog(options: { userId: string; postId: string; show: boolean }): Promise<void> {
  const { count } = await db().postCoauthor.updateMany({
    where: { postId: options.postId, userId: options.userId },
    data: { showOnBlog: options.show },
  });
  if (count === 0) throw notFound("Post not found");
  // The co-author's blog lists the post, or stops listing it.
  purgeAfterResponse("co-author's blog", [projectTag(options.userId)]);
}
