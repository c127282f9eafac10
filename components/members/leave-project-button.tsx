"use client";
// "Leave project" for a member on someone else's Members page: a removal of oneself with the
// owner as the heir of one's posts (DELETE /api/members/me). Afterwards the project is gone from
// this account, so the dashboard opens on the account's own project.
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { leaveProject } from "@/lib/client/members-api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";

export function LeaveProjectButton({ project }: { project: string }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function leave() {
    setPending(true);
    setError(null);
    try {
      await leaveProject();
      // A whole page load: nothing the client router cached of the left project may be replayed.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- on purpose, see above
      window.location.assign("/dashboard/posts");
    } catch (err) {
      setError(describeError(err));
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>Leave project</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Leave project" confirmLabel="Leave project" pendingLabel="Leaving…" pending={pending} onConfirm={leave}>
        <p>Leave {project}? You lose access at once; the posts you created stay, with the owner as their creator, and your personal keys for it stop working. Only a new invitation brings you back.</p>
        {error ? <p role="alert">{error}</p> : null}
      </ConfirmDialog>
    </>
  );
}
