// What review changes in the editor's bar (TEAMS.md "Review"): the badge ("In review", "Approved",
// "Changes requested"), "Request review" in the place of "Publish" where review applies, whether
// "Schedule" and "Unpublish" show, and the reviewer's note when they asked for changes. Derived
// from the server's PostReviewState and the editor's autosave state on every render.
import type { ReactNode } from "react";
import type { PostReviewState } from "@/lib/reviews/get-post-review-state";
import { Badge } from "../ui/badge";
import styles from "./editor.module.css";
import { RequestReview } from "./request-review";

export type ReviewControls = { badge: ReactNode; requestReview: ReactNode | undefined; canSchedule: boolean; canUnpublish: boolean; notice: ReactNode };

export function reviewControls(options: {
  review: PostReviewState;
  /** Nothing waits to be saved and the editor's ETag is this one. */
  saved: boolean;
  currentEtag: string | null;
  postId: string;
  busy: boolean;
  settle: () => Promise<boolean>;
  onRequested: () => void;
}): ReviewControls {
  const { review } = options;
  const latest = review.latest;
  // An approval holds only while the post is exactly what was approved: the editor's own ETag is
  // the pinned one and nothing waits to be saved. Otherwise, where review applies, "Request review".
  const approvedNow = review.approvedEtag !== null && options.saved && options.currentEtag === review.approvedEtag;
  const needsReview = !review.mayPublish || (review.reviewApplies && !approvedNow);
  const badge =
    latest?.status === "open" ? (
      <Badge tone="warning">In review</Badge>
    ) : latest?.status === "approved" && approvedNow ? (
      <Badge tone="success" title={latest.decidedBy ? `Approved by ${latest.decidedBy}` : undefined}>Approved</Badge>
    ) : latest?.status === "changes_requested" ? (
      <Badge tone="danger" title={latest.decisionNote ?? undefined}>Changes requested</Badge>
    ) : null;
  const requestReview = !needsReview ? undefined : review.mayRequest ? (
    <RequestReview postId={options.postId} busy={options.busy} settle={options.settle} onRequested={options.onRequested} />
  ) : (
    <></>
  );
  const notice =
    latest?.status === "changes_requested" ? (
      <p className={styles.reviewNote} role="note">
        {latest.decidedBy ?? "A reviewer"} asked for changes{latest.decisionNote ? <>: <q>{latest.decisionNote}</q></> : "."} Edit the post, then request review again.
      </p>
    ) : null;
  return { badge, requestReview, canSchedule: !needsReview, canUnpublish: review.mayPublish, notice };
}
