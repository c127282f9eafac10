"use client";
// The project's `reviewRequired` (TEAMS.md "Review"), for admins and the owner on the Reviews
// page: with it on, authors publish only what an editor approved. It changes at once, through
// PATCH /api/project, and goes back if the API refuses.
import { useState } from "react";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { describeError } from "@/lib/client/api-client";
import { setReviewRequired } from "@/lib/client/reviews-api";
import { Checkbox } from "../ui/field";
import { useToast } from "../ui/toast";

export function ReviewRequiredSwitch({ initial }: { initial: boolean }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [on, setOn] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle(next: boolean) {
    setOn(next);
    setPending(true);
    try {
      await setReviewRequired(next);
      notify(next ? "Authors now need an approved review to publish" : "Authors publish without review again", "success");
      router.refresh();
    } catch (err) {
      setOn(!next);
      notify(describeError(err), "error");
    } finally {
      setPending(false);
    }
  }

  return <Checkbox label="Authors need an approved review to publish" checked={on} disabled={pending} onChange={(event) => void toggle(event.target.checked)} />;
}
