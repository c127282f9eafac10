"use client";
// "Withdraw" on the requester's own open review (TEAMS.md: the requester only), with a confirm.
import { withdrawReview } from "@/lib/client/reviews-api";
import { ConfirmActionButton } from "../ui/confirm-action-button";

export function WithdrawButton({ reviewId, subject }: { reviewId: string; subject: string }) {
  return (
    <ConfirmActionButton label="Withdraw" title="Withdraw request" pendingLabel="Withdrawing…" run={() => withdrawReview(reviewId)} done="Request withdrawn">
      <p>Withdraw the request to review {subject}? Reviewers no longer see it as open; you can ask again at any time.</p>
    </ConfirmActionButton>
  );
}
