"use client";
// "Review" (TEAMS.md "Review"): the button on an open review opens the dialog "Review" with what
// the decision is about, read from our own API when it opens — for a post, the revision readers
// see now (or nothing, if it was never published) against the post as it is now, which is what
// an approval pins; for a label, the version it points at against the one asked for — then a
// "Note" and the three decisions. "Approve and publish" publishes in the approval's own
// transaction. Refusals (someone decided first, the label moved) are shown in the dialog and the
// page is refreshed, so the table says what happened.
import { useEffect, useState } from "react";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { describeError } from "@/lib/client/api-client";
import { getVersionData } from "@/lib/client/collections-api";
import { getOwnerPost } from "@/lib/client/posts-api";
import { decideReview, type Decision } from "@/lib/client/reviews-api";
import { getRevision } from "@/lib/client/revisions-api";
import { diffEntryData, type FieldDiff } from "@/lib/diff/value-diff";
import type { DashboardReview, LabelContext, PostContext } from "@/lib/reviews/list-dashboard-reviews";
import { comparable, FIELD_LABELS, FIELD_TYPES } from "../history/post-comparison";
import { RevisionDiff } from "../history/revision-diff";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextareaField } from "../ui/field";
import { useToast } from "../ui/toast";
import { VersionDiff } from "../versions/version-diff";
import styles from "./reviews.module.css";

type Loaded = { state: "loading" } | { state: "ready"; fields: FieldDiff[] } | { state: "error"; message: string };

async function loadFields(review: DashboardReview, usernames: Record<string, string>): Promise<FieldDiff[]> {
  if (review.kind === "post") {
    const context = review.context as PostContext;
    const [before, now] = await Promise.all([
      context.publishedRevision === null ? null : getRevision(review.postId, context.publishedRevision),
      getOwnerPost<Record<string, unknown>>(review.postId),
    ]);
    return diffEntryData(comparable((before ?? {}) as unknown as Record<string, unknown>, usernames), comparable(now.post, usernames), FIELD_TYPES);
  }
  const context = review.context as LabelContext;
  const [before, after] = await Promise.all([
    review.fromVersion ? getVersionData(review.collectionId, review.entryId, review.fromVersion) : {},
    getVersionData(review.collectionId, review.entryId, review.toVersion),
  ]);
  return diffEntryData(before, after, context.fieldTypes);
}

/** `usernames`: the project's members by user id, so co-authors read as people. */
export function ReviewButton({ review, subject, usernames }: { review: DashboardReview; subject: string; usernames: Record<string, string> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)} aria-describedby={`review-subject-${review.id}`}>Review</Button>
      {open ? <ReviewDialog review={review} subject={subject} usernames={usernames} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ReviewDialog({ review, subject, usernames, onClose }: { review: DashboardReview; subject: string; usernames: Record<string, string>; onClose: () => void }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [note, setNote] = useState("");
  const [pending, setPending] = useState<Decision["decision"] | "publish" | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    loadFields(review, usernames).then(
      (fields) => live && setLoaded({ state: "ready", fields }),
      (err) => live && setLoaded({ state: "error", message: describeError(err) }),
    );
    return () => {
      live = false;
    };
  }, [review, usernames]);

  async function decide(decision: Decision["decision"], publish = false) {
    setPending(publish ? "publish" : decision);
    setError(null);
    try {
      await decideReview(review.id, { decision, ...(note.trim() ? { note: note.trim() } : {}), ...(publish ? { publish: true } : {}) });
      notify(decision === "request_changes" ? "Changes requested" : publish ? "Approved and published" : "Approved", "success");
      onClose();
      router.refresh();
    } catch (err) {
      // Also as a toast: the refresh may take the row (and this dialog) away, e.g. when someone
      // else decided first and the request is no longer open.
      setError(describeError(err));
      notify(describeError(err), "error");
      router.refresh();
    } finally {
      setPending(null);
    }
  }

  const post = review.kind === "post" ? (review.context as PostContext) : null;
  const busy = pending !== null;
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title="Review"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button disabled={busy} onClick={() => void decide("request_changes")}>{pending === "request_changes" ? "Sending…" : "Request changes"}</Button>
          <Button variant={post ? "secondary" : "primary"} disabled={busy} onClick={() => void decide("approve")}>{pending === "approve" ? "Approving…" : "Approve"}</Button>
          {post ? <Button variant="primary" disabled={busy} onClick={() => void decide("approve", true)}>{pending === "publish" ? "Publishing…" : "Approve and publish"}</Button> : null}
        </>
      }
    >
      <p className={styles.subject}>{subject}</p>
      <p className={styles.meta}>
        Requested by {review.requestedBy.username}
        {review.note ? <>: <q className={styles.note}>{review.note}</q></> : null}
      </p>
      {loaded.state === "loading" ? (
        <p className={styles.meta} role="status">Loading the changes…</p>
      ) : loaded.state === "error" ? (
        <p className={styles.error} role="alert">The changes could not be loaded: {loaded.message}</p>
      ) : post ? (
        <section aria-label="Changes" className={styles.diff}>
          <p className={styles.meta}>
            {post.publishedRevision === null ? "Never published: everything here is new to readers." : `Compared with what readers see now (revision ${post.publishedRevision}).`}
            {review.kind === "post" && post.latestRevision !== null && post.latestRevision > review.revision ? " Edited since the request: approving approves the post as it is now." : null}
          </p>
          <RevisionDiff fields={loaded.fields} labels={FIELD_LABELS} emptyText="Nothing differs from what readers see now." />
        </section>
      ) : review.kind === "label" ? (
        <VersionDiff
          fields={loaded.fields}
          fromLabel={review.fromVersion ? `Now (${review.fromVersion})` : "Now (not set)"}
          toLabel={`Requested (${review.toVersion})`}
          caption={`Changes from ${review.fromVersion ?? "nothing"} to ${review.toVersion}`}
        />
      ) : null}
      <TextareaField label="Note" value={note} maxLength={2000} rows={3} hint="Shown to the requester with your decision." onChange={(event) => setNote(event.target.value)} />
      {error ? <p className={styles.error} role="alert">{error}</p> : null}
    </Dialog>
  );
}
