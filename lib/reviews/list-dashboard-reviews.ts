// The dashboard's "Reviews" page: a page of reviews (lib/reviews/list-reviews.ts) with what the
// table and the "Review" dialog need beside them, read in a few queries for the whole page:
//   - a post review: the post's title, the revision readers see now or last saw (the newest
//     `published` snapshot, the dialog's "before"; null when it was never published) and the
//     newest revision (an edit since the request shows as "Edited since the request");
//   - a label review: the collection's name, the entry's title and the schema's field types (the
//     diff between the label's two versions reads them).
import type { Principal } from "../auth/principal";
import { readCollectionSchema } from "../collections/collection-schema";
import { entryTitles } from "../collections/entry-titles";
import { db } from "../db";
import type { Review, ReviewListQuery } from "./review-input";
import { listReviews } from "./list-reviews";

export type PostContext = { title: string; publishedRevision: number | null; latestRevision: number | null };
export type LabelContext = { collectionName: string; entryTitle: string; fieldTypes: Record<string, string> };
export type DashboardReview = Review & { context: PostContext | LabelContext };

export async function listDashboardReviews(options: { principal: Pick<Principal, "projectId">; query: ReviewListQuery }): Promise<{ data: DashboardReview[]; nextCursor: string | null }> {
  const projectId = options.principal.projectId;
  const page = await listReviews(options);
  const postIds = [...new Set(page.data.flatMap((review) => (review.kind === "post" ? [review.postId] : [])))];
  const slugs = [...new Set(page.data.flatMap((review) => (review.kind === "label" ? [review.collectionId] : [])))];
  const entryIds = page.data.flatMap((review) => (review.kind === "label" ? [review.entryId] : []));
  const [posts, published, latest, collections, titles] = await Promise.all([
    postIds.length ? db().post.findMany({ where: { id: { in: postIds }, ownerId: projectId }, select: { id: true, title: true } }) : [],
    postIds.length ? db().postRevision.groupBy({ by: ["postId"], where: { postId: { in: postIds }, status: "published" }, _max: { revision: true } }) : [],
    postIds.length ? db().postRevision.groupBy({ by: ["postId"], where: { postId: { in: postIds } }, _max: { revision: true } }) : [],
    slugs.length ? db().collection.findMany({ where: { ownerId: projectId, slug: { in: slugs } }, select: { slug: true, name: true, schema: true } }) : [],
    entryTitles({ ownerId: projectId, ids: entryIds }),
  ]);
  const titleOf = new Map(posts.map((post) => [post.id, post.title]));
  const publishedOf = new Map(published.map((row) => [row.postId, row._max.revision]));
  const latestOf = new Map(latest.map((row) => [row.postId, row._max.revision]));
  const collectionOf = new Map(
    collections.map((collection) => {
      const fields = readCollectionSchema(collection.schema).fields ?? [];
      return [collection.slug, { name: collection.name, fieldTypes: Object.fromEntries(fields.map((field) => [field.name, field.type])) }];
    }),
  );
  const data = page.data.map((review): DashboardReview => {
    if (review.kind === "post") {
      return {
        ...review,
        context: { title: titleOf.get(review.postId) ?? "", publishedRevision: publishedOf.get(review.postId) ?? null, latestRevision: latestOf.get(review.postId) ?? null },
      };
    }
    const collection = collectionOf.get(review.collectionId);
    return { ...review, context: { collectionName: collection?.name ?? review.collectionId, entryTitle: titles[review.entryId] ?? review.entryId, fieldTypes: collection?.fieldTypes ?? {} } };
  });
  return { data, nextCursor: page.nextCursor };
}
