"use client";
// "Media details" (MEDIA.md "Dashboard"): the preview, its dimensions and size, "Alt text" saved
// with "Save", "Copy URL", where it is used (links), and "Delete", which confirms in "Delete
// media" listing those places first (confirming deletes it even while used: ?force=true).
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { deleteMedia, updateMedia, type Media } from "@/lib/client/media-api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Dialog } from "../ui/dialog";
import { TextareaField } from "../ui/field";
import { useToast } from "../ui/toast";
import styles from "./media.module.css";

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function placeHref(use: Media["usedBy"][number]): string {
  return use.type === "post" ? `/dashboard/posts/${use.id}` : `/dashboard/collections/${use.collection}/entries/${use.id}`;
}

export function MediaDetailsDialog({ media, onClose, onSaved, onDeleted }: { media: Media | null; onClose: () => void; onSaved: (media: Media) => void; onDeleted: (id: string) => void }) {
  const notify = useToast();
  const [alt, setAlt] = useState(media?.alt ?? "");
  const [shownFor, setShownFor] = useState(media?.id);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // Another medium opened: start from its own alt text.
  if (media && media.id !== shownFor) {
    setShownFor(media.id);
    setAlt(media.alt);
    setError(null);
    setCopied(false);
  }

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!media) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await updateMedia(media.id, { alt });
      onSaved(saved);
      notify("Alt text saved", "success");
    } catch (err) {
      setError(describeError(err));
    } finally {
      setSaving(false);
    }
  }

  async function copy() {
    if (!media) return;
    await navigator.clipboard.writeText(media.url).catch(() => {});
    setCopied(true);
  }

  async function remove() {
    if (!media) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteMedia(media.id, true);
      setConfirming(false);
      onDeleted(media.id);
      notify(`${media.filename} deleted`, "success");
    } catch (err) {
      setDeleteError(describeError(err));
    } finally {
      setDeleting(false);
    }
  }

  const preview = media ? (media.variants.find((variant) => variant.width >= 640) ?? media.variants.at(-1))?.url ?? media.url : "";

  return (
    <>
      <Dialog open={media !== null} onClose={onClose} title="Media details" wide actions={<Button onClick={onClose}>Close</Button>}>
        {media ? (
          <div className={styles.details}>
            <div className={styles.preview} style={{ backgroundImage: `url("${media.placeholder}")` }}>
              {/* eslint-disable-next-line @next/next/no-img-element -- our own media URLs, possibly on a CDN */}
              <img src={preview} alt={media.alt} width={media.width} height={media.height} />
            </div>
            <div className={styles.facts}>
              <p className={styles.filename}>{media.filename}</p>
              <dl className={styles.factList}>
                <dt>Dimensions</dt>
                <dd>{media.width} × {media.height} px</dd>
                <dt>Size</dt>
                <dd>{formatBytes(media.size)}</dd>
                <dt>Type</dt>
                <dd>{media.mimeType.replace("image/", "").toUpperCase()}</dd>
              </dl>
              <form onSubmit={save} className={styles.altForm}>
                <TextareaField label="Alt text" rows={3} maxLength={1000} value={alt} error={error} hint="What the image shows, for readers who cannot see it." onChange={(event) => setAlt(event.target.value)} />
                <div className={styles.row}>
                  <Button type="submit" variant="primary" disabled={saving || alt === media.alt}>{saving ? "Saving…" : "Save"}</Button>
                  <Button onClick={() => void copy()}>Copy URL</Button>
                  <span role="status" className={styles.muted}>{copied ? "URL copied" : ""}</span>
                </div>
              </form>
              <h3 className={styles.subheading}>Used in</h3>
              {media.usedBy.length ? (
                <ul className={styles.usedBy}>
                  {media.usedBy.map((use) => (
                    <li key={`${use.type}:${use.id}`}>
                      <Link href={placeHref(use)}>{use.title || "Untitled"}</Link> <span className={styles.muted}>({use.type})</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.muted}>Not used in any post or entry.</p>
              )}
              <div>
                <Button variant="danger" onClick={() => setConfirming(true)}>Delete</Button>
              </div>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title="Delete media" confirmLabel="Delete" pendingLabel="Deleting…" pending={deleting} onConfirm={() => void remove()}>
        {media?.usedBy.length ? (
          <>
            <p>{media.filename} is used in:</p>
            <ul className={styles.usedBy}>
              {media.usedBy.map((use) => (
                <li key={`${use.type}:${use.id}`}>{use.title || "Untitled"} ({use.type})</li>
              ))}
            </ul>
            <p>Those places will show a broken image. Delete it anyway?</p>
          </>
        ) : (
          <p>Delete {media?.filename}? Its URL stops working at once.</p>
        )}
        {deleteError ? <p role="alert" className={styles.uploadError}>{deleteError}</p> : null}
      </ConfirmDialog>
    </>
  );
}
