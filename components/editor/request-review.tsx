"use client";
// "Request review" (TEAMS.md "Review"): where the member may not publish the post, or the project
// holds them to review, it takes the place of "Publish". The dialog "Request review" asks for an
// optional "Note"; what the editor has not saved yet is saved first, so the request pins the post
// as the author sees it.
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { requestPostReview } from "@/lib/client/reviews-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextareaField } from "../ui/field";

export function RequestReview({ postId, busy, settle, onRequested }: { postId: string; busy: boolean; settle: () => Promise<boolean>; onRequested: () => void }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      if (!(await settle())) throw new Error("Your latest changes are not saved yet. Try again once the editor says Saved.");
      await requestPostReview(postId, note.trim() || undefined);
      setOpen(false);
      setNote("");
      onRequested();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="primary" disabled={busy} onClick={() => { setError(null); setOpen(true); }}>Request review</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Request review">
        <form onSubmit={send} style={{ display: "grid", gap: "var(--space-4)" }}>
          <p style={{ margin: 0 }}>An editor reads the changes and approves, publishes or asks for changes. Editing after the request is fine: the reviewer sees the post as it is when they decide.</p>
          <TextareaField label="Note" value={note} maxLength={2000} rows={3} hint="Optional: what the reviewer should look at." onChange={(e) => setNote(e.target.value)} />
          {error ? <p role="alert" style={{ margin: 0, color: "var(--color-danger)" }}>{error}</p> : null}
          <div style={{ display: "flex", gap: "var(--space-2)", justifyContent: "flex-end" }}>
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={pending}>{pending ? "Sending…" : "Send request"}</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
