"use client";
// Publishing (DASHBOARD.md): "Publish" now, "Schedule" at a "Publish at" time in the author's
// own time zone (shown with it, sent as UTC), "Unpublish", "Delete" with a confirm, and "View"
// (the public page; for a draft the owner's preview at the same address), and "Share preview"
// (a link for people without an account, ./share-preview.tsx).
import { useState, type ReactNode } from "react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";
import { LocalTime, useHydrated } from "../ui/local-time";
import { buttonClass } from "../ui/button";
import { SharePreview } from "./share-preview";
import styles from "./editor.module.css";

/** SPEC: a publishedAt within 5 minutes counts as now, so a schedule must be later than that. */
export const SCHEDULE_MIN_AHEAD_MS = 5 * 60 * 1000 + 30_000;

export type Publication = { status: "draft" | "published"; publishedAt: string | null; scheduled: boolean };

export function zoneLabel(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat("en-US", { timeZoneName: "longOffset" }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")?.value;
  return `${zone}${offset ? ` (${offset.replace("GMT", "UTC")})` : ""}`;
}

/** A datetime-local value (the author's wall clock) as a UTC ISO string. */
export function localInputToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function PublishControls({
  postId,
  publication,
  viewHref,
  busy,
  onPublish,
  onSchedule,
  onUnpublish,
  onDelete,
  requestReview,
  reviewBadge,
  canSchedule = true,
  canUnpublish = true,
}: {
  postId: string;
  publication: Publication;
  viewHref: string;
  busy: boolean;
  onPublish: () => void;
  onSchedule: (iso: string) => Promise<boolean>;
  onUnpublish: () => void;
  onDelete: () => Promise<void>;
  /** "Request review", in the place of "Publish" where review applies (TEAMS.md "Review"). */
  requestReview?: ReactNode;
  /** The post's review state ("In review", "Approved", "Changes requested"). */
  reviewBadge?: ReactNode;
  canSchedule?: boolean;
  canUnpublish?: boolean;
}) {
  const hydrated = useHydrated();
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [when, setWhen] = useState("");
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const scheduled = publication.scheduled;

  function openSchedule() {
    setWhen(isoToLocalInput(publication.publishedAt && scheduled ? publication.publishedAt : new Date(Date.now() + 60 * 60 * 1000).toISOString()));
    setScheduleError(null);
    setScheduleOpen(true);
  }

  async function confirmSchedule(event: React.FormEvent) {
    event.preventDefault();
    const iso = localInputToIso(when);
    if (!iso) return setScheduleError("Choose a date and time.");
    if (Date.parse(iso) - Date.now() < SCHEDULE_MIN_AHEAD_MS) return setScheduleError("Choose a time more than 5 minutes from now, or use Publish to publish now.");
    if (await onSchedule(iso)) setScheduleOpen(false);
  }

  return (
    <div className={styles.actions}>
      <span className={styles.state}>
        {publication.status === "draft" ? (
          <Badge>Draft</Badge>
        ) : scheduled && publication.publishedAt ? (
          <Badge tone="warning">Scheduled for <LocalTime iso={publication.publishedAt} withZone /></Badge>
        ) : (
          <Badge tone="success">Published</Badge>
        )}
      </span>
      {reviewBadge}
      <a className={buttonClass({ size: "sm", variant: "ghost" })} href={viewHref} target="_blank" rel="noopener">View</a>
      <SharePreview postId={postId} />
      {requestReview ?? (publication.status === "draft" || scheduled ? (
        <Button size="sm" variant="primary" disabled={busy} onClick={onPublish}>Publish</Button>
      ) : null)}
      {canSchedule ? <Button size="sm" disabled={busy} onClick={openSchedule}>Schedule</Button> : null}
      {canUnpublish && publication.status === "published" ? <Button size="sm" disabled={busy} onClick={onUnpublish}>Unpublish</Button> : null}
      <Button size="sm" variant="danger" disabled={busy} onClick={() => setDeleteOpen(true)}>Delete</Button>

      <Dialog open={scheduleOpen} onClose={() => setScheduleOpen(false)} title="Schedule">
        <form onSubmit={confirmSchedule} style={{ display: "grid", gap: "var(--space-4)" }}>
          <InputField
            label="Publish at"
            type="datetime-local"
            value={when}
            required
            error={scheduleError}
            hint={hydrated ? `Your time zone: ${zoneLabel()}. Readers see it from then on; it is stored in UTC.` : undefined}
            onChange={(event) => setWhen(event.target.value)}
          />
          <div style={{ display: "flex", gap: "var(--space-2)", justifyContent: "flex-end" }}>
            <Button onClick={() => setScheduleOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={busy}>Schedule</Button>
          </div>
        </form>
      </Dialog>
      <ConfirmDialog open={deleteOpen} onClose={() => setDeleteOpen(false)} title="Delete" confirmLabel="Delete" pending={busy} onConfirm={() => void onDelete()}>
        <p>Delete this post for good? Its public page and API reads answer 404 at once. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
