import type { Metadata } from "next";
import { ProjectField, ProjectLink as Link } from "@/components/dashboard/project-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { ReviewButton } from "@/components/reviews/review-button";
import styles from "@/components/reviews/reviews.module.css";
import { ReviewRequiredSwitch } from "@/components/reviews/review-required-switch";
import { WithdrawButton } from "@/components/reviews/withdraw-button";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { buttonClass } from "@/components/ui/button";
import { controlClass, labelClass } from "@/components/ui/control-class";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { can } from "@/lib/auth/can";
import { requireProject } from "@/lib/dashboard/current-project";
import { one } from "@/lib/http/search-param";
import { getProjectSettings } from "@/lib/project/project-settings";
import { listMembers } from "@/lib/members/list-members";
import { listDashboardReviews, type DashboardReview, type LabelContext, type PostContext } from "@/lib/reviews/list-dashboard-reviews";
import { REVIEW_STATUSES, type ReviewStatus } from "@/lib/reviews/review-input";

export const metadata: Metadata = { title: "Reviews" };

type Search = Record<string, string | string[] | undefined>;

const STATUS_LABELS: Record<ReviewStatus, string> = {
  open: "Open",
  approved: "Approved",
  changes_requested: "Changes requested",
  withdrawn: "Withdrawn",
  outdated: "Outdated",
};
const STATUS_TONES: Record<ReviewStatus, BadgeTone> = { open: "warning", approved: "success", changes_requested: "danger", withdrawn: "neutral", outdated: "neutral" };

/** What a review is about, in words (the row's first cell and the dialog's first line). */
function subjectOf(review: DashboardReview): string {
  if (review.kind === "post") return `“${(review.context as PostContext).title || "Untitled"}”`;
  const context = review.context as LabelContext;
  return `${review.label} → ${review.toVersion} on “${context.entryTitle}” in ${context.collectionName}`;
}

export default async function ReviewsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { principal } = await requireProject();
  const search = await searchParams;
  const given = one(search.status);
  // Open requests first: what waits for someone. "all" lists every status.
  const status: ReviewStatus | "all" = given === "all" ? "all" : REVIEW_STATUSES.includes(given as ReviewStatus) ? (given as ReviewStatus) : "open";
  const cursor = one(search.cursor)?.slice(0, 200) || undefined;
  const page = await listDashboardReviews({ principal, query: { limit: 25, ...(status === "all" ? {} : { status }), ...(cursor ? { cursor } : {}) } }).catch(() => null);
  const mayDecide = can(principal, "review.decide");
  const [settings, members] = await Promise.all([can(principal, "project.manage") ? getProjectSettings(principal) : null, mayDecide ? listMembers(principal.projectId) : []]);
  const usernames = Object.fromEntries(members.map((member) => [member.userId, member.username]));
  const statusParam = status === "open" ? "" : `status=${status}`;
  const olderHref = page?.nextCursor ? `/dashboard/reviews?${new URLSearchParams({ ...(status === "open" ? {} : { status }), cursor: page.nextCursor })}` : null;

  return (
    <>
      <PageHeader
        title="Reviews"
        description={
          mayDecide
            ? "Posts and label moves waiting for a second pair of eyes. An approval pins exactly what you read: any later edit needs a new review."
            : "Your requests for review and what reviewers decided. Editors and admins approve; a post is published once it is approved."
        }
      />
      {settings ? (
        <div className={styles.setting}>
          <ReviewRequiredSwitch initial={settings.reviewRequired} />
          <p className={styles.muted}>Contributors always ask for review. With this on, authors do too; editors and admins publish directly.</p>
        </div>
      ) : null}
      <form method="get" role="search" aria-label="Filter reviews" className={styles.filters}>
        <ProjectField />
        <div className={styles.select}>
          <label htmlFor="reviews-status" className={labelClass}>Status</label>
          <select id="reviews-status" name="status" defaultValue={status} className={controlClass} key={status}>
            {REVIEW_STATUSES.map((value) => <option key={value} value={value}>{STATUS_LABELS[value]}</option>)}
            <option value="all">All</option>
          </select>
        </div>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>Filter</button>
      </form>
      {!page ? (
        <p className={styles.error} role="alert">This page of reviews cannot be read. Go back to the newest and try again.</p>
      ) : page.data.length === 0 ? (
        <EmptyState title={status === "open" ? "Nothing waits for review" : "No reviews here"}>
          {status === "open"
            ? "When a contributor asks for review of a post (“Request review” in the editor) or of a protected label’s move, it appears here."
            : "Try another status."}
        </EmptyState>
      ) : (
        <>
          <Table label="Reviews">
            <thead>
              <tr>
                <Th>Request</Th>
                <Th>Requested by</Th>
                <Th>Requested</Th>
                <Th>Status</Th>
                <Th><span className="visually-hidden">Actions</span></Th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((review) => {
                const subject = subjectOf(review);
                const mine = review.requestedBy.id === principal.actorId;
                const post = review.kind === "post" ? (review.context as PostContext) : null;
                const edited = post && review.status === "open" && post.latestRevision !== null && review.kind === "post" && post.latestRevision > review.revision;
                return (
                  <tr key={review.id}>
                    <td className={cellClass.primary}>
                      <div className={styles.what} id={`review-subject-${review.id}`}>
                        {review.kind === "post" ? (
                          <span>Post <Link href={`/dashboard/posts/${review.postId}`}>{subject}</Link></span>
                        ) : (
                          <span>
                            Label <Link href={`/dashboard/collections/${review.collectionId}/entries/${review.entryId}`}>{subject}</Link>
                          </span>
                        )}
                        {review.note ? <span className={styles.muted}><q className={styles.note}>{review.note}</q></span> : null}
                        {edited ? <span className={styles.muted}>Edited since the request</span> : null}
                      </div>
                    </td>
                    <td>{mine ? `${review.requestedBy.username} (you)` : review.requestedBy.username}</td>
                    <td className={cellClass.nowrap}><LocalTime iso={review.createdAt} /></td>
                    <td>
                      <Badge tone={STATUS_TONES[review.status]}>{STATUS_LABELS[review.status]}</Badge>
                      {review.decidedBy ? (
                        <div className={styles.muted}>
                          by {review.decidedBy.username}
                          {review.decisionNote ? <>: <q className={styles.note}>{review.decisionNote}</q></> : null}
                        </div>
                      ) : null}
                    </td>
                    <td>
                      <div className={styles.actions}>
                        {review.status === "open" && mayDecide && !mine ? <ReviewButton review={review} subject={subject} usernames={usernames} /> : null}
                        {review.status === "open" && mine ? <WithdrawButton reviewId={review.id} subject={subject} /> : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <nav aria-label="Pagination" className={styles.pages}>
            {cursor ? <Link href={`/dashboard/reviews${statusParam ? `?${statusParam}` : ""}`} className={buttonClass({ size: "sm" })}>Newest</Link> : null}
            {olderHref ? <Link href={olderHref} className={buttonClass({ size: "sm" })}>Older</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}
