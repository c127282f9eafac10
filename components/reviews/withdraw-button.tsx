"use client";
// "Withdraw" on the requester's own open review (TEAMS.md: the requester only), with a confirm.
import { useState } from "react";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { describeError } from "@/lib/client/api-client";
import { withdrawReview } from "@/lib/client/reviews-api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

export function WithdrawButton({ reviewId, subject }: { reviewId: string; subject: string }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function withdraw() {
    setPending(true);
    setError(null);
    try {
      await withdrawReview(reviewId);
      notify("Request withdrawn", "success");
      setOpen(false);
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>Withdraw</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Withdraw request" confirmLabel="Withdraw" pendingLabel="Withdrawing…" pending={pending} onConfirm={() => void withdraw()}>
        <p>Withdraw the request to review {subject}? Reviewers no longer see it as open; you can ask again at any time.</p>
        {error ? <p role="alert">{error}</p> : null}
      </ConfirmDialog>
    </>
  );
}
