"use client";
// "Share preview" (TEAMS.md "Preview links"): the dialog "Share preview" with a link anyone can
// open without signing in ("Preview link", "Copy link"), how long new links last ("Expires in",
// "New link"), and the post's existing links with "Revoke". A link's token exists only in the
// answer that made it, so the first opening makes one (72 hours) and the dialog keeps showing it
// while the editor is open; the list shows the others by their expiry only.
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { createPreviewLink, listPreviewLinks, revokePreviewLink, type PreviewLink } from "@/lib/client/preview-links-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { SelectField } from "../ui/field";
import { LocalTime } from "../ui/local-time";
import styles from "./share-preview.module.css";

const EXPIRY_CHOICES = [
  { hours: 24, label: "1 day" },
  { hours: 72, label: "3 days" },
  { hours: 168, label: "7 days" },
  { hours: 720, label: "30 days" },
];

type Shown = { id: string; url: string; expiresAt: string };

export function SharePreview({ postId }: { postId: string }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [links, setLinks] = useState<PreviewLink[] | null>(null);
  const [hours, setHours] = useState(72);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  async function makeLink(expiresInHours: number) {
    const created = await createPreviewLink(postId, expiresInHours);
    setShown(created);
    setCopied(false);
    setLinks(await listPreviewLinks(postId));
  }

  function openDialog() {
    setOpen(true);
    void run(async () => {
      if (shown) setLinks(await listPreviewLinks(postId));
      else await makeLink(72);
    });
  }

  async function copy(event: React.MouseEvent<HTMLButtonElement>) {
    if (!shown) return;
    const input = event.currentTarget.form?.elements.namedItem("preview-link") as HTMLInputElement | null;
    input?.select();
    try {
      await navigator.clipboard.writeText(shown.url);
    } catch {
      // No clipboard permission (or an insecure origin): the text is selected for Ctrl+C.
      document.execCommand?.("copy");
    }
    setCopied(true);
  }

  function revoke(link: PreviewLink) {
    void run(async () => {
      await revokePreviewLink(postId, link.id);
      if (shown?.id === link.id) setShown(null);
      setLinks(await listPreviewLinks(postId));
    });
  }

  return (
    <>
      <Button size="sm" onClick={openDialog}>Share preview</Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Share preview" wide actions={<Button onClick={() => setOpen(false)}>Close</Button>}>
        <div className={styles.body}>
          <p className={styles.lead}>Anyone with the link can read this post as it is now, drafts included, without signing in. Search engines never index it.</p>
          {shown ? (
            <form className={styles.reveal} onSubmit={(event) => event.preventDefault()}>
              <label htmlFor="preview-link" className={styles.label}>Preview link</label>
              <div className={styles.row}>
                <input id="preview-link" name="preview-link" className={styles.value} readOnly value={shown.url} onFocus={(event) => event.target.select()} />
                <Button onClick={copy}>Copy link</Button>
              </div>
              <p className={styles.note}>
                Works until <LocalTime iso={shown.expiresAt} withZone />. It is not shown again once you leave this page: copy it now.
              </p>
              <p className={styles.note} aria-live="polite">{copied ? "Copied to the clipboard." : ""}</p>
            </form>
          ) : null}
          <div className={styles.create}>
            <SelectField label="Expires in" value={hours} onChange={(event) => setHours(Number(event.target.value))}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice.hours} value={choice.hours}>{choice.label}</option>
              ))}
            </SelectField>
            <Button disabled={busy} onClick={() => void run(() => makeLink(hours))}>New link</Button>
          </div>
          {error ? <p role="alert" className={styles.error}>{error}</p> : null}
          <section aria-labelledby="preview-links-heading">
            <h3 id="preview-links-heading" className={styles.heading}>Links to this post</h3>
            {links === null ? (
              <p className={styles.note}>Loading…</p>
            ) : links.length === 0 ? (
              <p className={styles.note}>No links. Readers without a link see nothing until the post is published.</p>
            ) : (
              <ul className={styles.list}>
                {links.map((link) => (
                  <li key={link.id} className={styles.item}>
                    <span>
                      {link.id === shown?.id ? <strong>This link · </strong> : null}
                      {link.status === "expired" ? "Expired " : "Expires "}
                      <LocalTime iso={link.expiresAt} withZone />
                    </span>
                    <Button size="sm" variant="danger" disabled={busy} onClick={() => revoke(link)}>Revoke</Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Dialog>
    </>
  );
}
