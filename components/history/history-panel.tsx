"use client";
// The editor's History panel (HISTORY.md "Dashboard"): a complementary region named "History"
// listing the post's revisions (time, why, who), the selected one compared with the post now
// (./revision-diff.tsx), and "Restore this revision" behind the confirm dialog "Restore revision".
// Everything goes through the API (lib/client/revisions-api.ts); what the editor must do about it
// (hold the restored post, or show its conflict alert) is the editor's, through the callbacks.
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError, ApiRequestError } from "@/lib/client/api-client";
import { getOwnerPost } from "@/lib/client/posts-api";
import { getRevision, listRevisions, restoreRevision, type PostRevisionSummary } from "@/lib/client/revisions-api";
import { diffEntryData, type FieldDiff } from "@/lib/diff/value-diff";
import type { OwnerPost } from "../editor/post-fields";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { LocalTime } from "../ui/local-time";
import { comparable, FIELD_LABELS, FIELD_TYPES } from "./post-comparison";
import { RevisionDiff } from "./revision-diff";
import styles from "./history.module.css";

const PAGE_SIZE = 20;

export function reasonLabel(item: Pick<PostRevisionSummary, "reason" | "restoredFrom">): string {
  switch (item.reason) {
    case "create":
      return "Created";
    case "edit":
      return "Edited";
    case "publish":
      return "Published";
    case "unpublish":
      return "Unpublished";
    case "schedule":
      return "Scheduled";
    case "restore":
      return item.restoredFrom ? `Restored from #${item.restoredFrom}` : "Restored";
  }
}

function actorLabel(actor: PostRevisionSummary["actor"], me: string): string {
  if (actor.type === "key") return `API key ${actor.prefix ?? ""}`.trim();
  return actor.username === me ? "you" : (actor.username ?? "a former user");
}


type Compare = { revision: number; state: "loading" } | { revision: number; state: "ready"; fields: FieldDiff[] } | { revision: number; state: "error"; message: string };

export function HistoryPanel({
  postId,
  username,
  settle,
  currentEtag,
  onClose,
  onRestored,
  onConflict,
}: {
  postId: string;
  /** The signed-in author's username: their own revisions say "you". */
  username: string;
  /** Saves what the editor has not saved yet; false if it could not. */
  settle: () => Promise<boolean>;
  currentEtag: () => string | null;
  onClose: () => void;
  onRestored: (post: OwnerPost, etag: string | null) => void;
  onConflict: (current: OwnerPost) => void;
}) {
  const [items, setItems] = useState<PostRevisionSummary[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [listState, setListState] = useState<"loading" | "ready" | string>("loading");
  const [compare, setCompare] = useState<Compare | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const selectToken = useRef(0);

  const load = useCallback(
    async (page: number) => {
      try {
        const result = await listRevisions(postId, page, PAGE_SIZE);
        setItems((current) => (page === 1 ? result.data : [...current, ...result.data]));
        setHasMore(result.pageInfo.hasMore);
        setListState("ready");
      } catch (err) {
        setListState(describeError(err));
      }
    },
    [postId],
  );

  useEffect(() => {
    headingRef.current?.focus();
    // What the author typed last belongs in the list: save it, then list.
    void settle().finally(() => load(1));
  }, [load, settle]);

  async function select(revision: number) {
    const token = ++selectToken.current;
    setAnnouncement("");
    setCompare({ revision, state: "loading" });
    try {
      await settle();
      const [snapshot, { post }] = await Promise.all([getRevision(postId, revision), getOwnerPost<Record<string, unknown>>(postId)]);
      if (token !== selectToken.current) return;
      const fields = diffEntryData(comparable(snapshot as unknown as Record<string, unknown>), comparable(post), FIELD_TYPES);
      setCompare({ revision, state: "ready", fields });
    } catch (err) {
      if (token === selectToken.current) setCompare({ revision, state: "error", message: describeError(err) });
    }
  }

  async function restore(revision: number) {
    setPending(true);
    setDialogError(null);
    try {
      if (!(await settle())) {
        setDialogError("Your latest changes are not saved yet. Restore once the editor says Saved.");
        return;
      }
      const { post, etag } = await restoreRevision<OwnerPost>(postId, revision, currentEtag());
      setConfirming(false);
      onRestored(post, etag);
      setCompare(null);
      setAnnouncement(`Restored revision #${revision}. What you had before is kept in this list.`);
      await load(1);
      headingRef.current?.focus();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 412 && err.body.current) {
        setConfirming(false);
        onConflict(err.body.current as OwnerPost);
        setAnnouncement("Not restored: this post changed elsewhere.");
        return;
      }
      setDialogError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  const selected = compare ? items.find((item) => item.revision === compare.revision) : undefined;

  return (
    <aside
      id="history-panel"
      aria-labelledby="history-title"
      className={styles.panel}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !confirming) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={styles.head}>
        <h2 id="history-title" ref={headingRef} tabIndex={-1} className={styles.title}>History</h2>
        <Button size="sm" variant="ghost" onClick={onClose}>Close</Button>
      </div>
      <p role="status" className={`${styles.muted} ${styles.announce}`}>{announcement}</p>
      {listState === "loading" ? <p className={styles.muted}>Loading revisions…</p> : null}
      {listState !== "loading" && listState !== "ready" ? <p role="alert" className={styles.muted}>Could not load the history: {listState}</p> : null}
      {listState === "ready" && items.length === 0 ? <p className={styles.muted}>No revisions yet.</p> : null}
      {items.length > 0 ? (
        <ol className={styles.list} aria-label="Revisions, newest first">
          {items.map((item) => (
            <li key={item.revision}>
              <button type="button" className={styles.item} aria-pressed={compare?.revision === item.revision} onClick={() => void select(item.revision)}>
                <span className={styles.number}>#{item.revision}</span>
                <span className={styles.reason}>{reasonLabel(item)}</span>
                <span className={styles.meta}>
                  <LocalTime iso={item.createdAt} /> · {actorLabel(item.actor, username)}
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {hasMore ? (
        <Button size="sm" className={styles.more} onClick={() => void load(Math.floor(items.length / PAGE_SIZE) + 1)}>Show older revisions</Button>
      ) : null}

      {compare ? (
        <section className={styles.compare} aria-labelledby="history-compare-title">
          <h3 id="history-compare-title" className={styles.compareTitle}>
            Revision #{compare.revision}{selected ? ` (${reasonLabel(selected)})` : ""} compared with now
          </h3>
          {compare.state === "loading" ? <p className={styles.muted}>Comparing…</p> : null}
          {compare.state === "error" ? <p role="alert" className={styles.muted}>{compare.message}</p> : null}
          {compare.state === "ready" ? (
            <>
              <p className={styles.muted}>Struck through: only in revision #{compare.revision}. Underlined: only in the post now.</p>
              <RevisionDiff fields={compare.fields} labels={FIELD_LABELS} />
              <div className={styles.actions}>
                <Button variant="primary" onClick={() => { setDialogError(null); setConfirming(true); }}>Restore this revision</Button>
              </div>
            </>
          ) : null}
        </section>
      ) : null}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Restore revision"
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="primary" disabled={pending} onClick={() => compare && void restore(compare.revision)}>
              {pending ? "Restoring…" : "Restore"}
            </Button>
          </>
        }
      >
        <p>
          Put the text and settings of revision #{compare?.revision} back into the post? Whether it is published, and when, stays as it is.
          What the post holds now is kept as a revision, so nothing is lost.
        </p>
        {dialogError ? <p role="alert">{dialogError}</p> : null}
      </Dialog>
    </aside>
  );
}
