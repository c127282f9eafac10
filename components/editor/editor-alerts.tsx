"use client";

import { Button } from "../ui/button";
import { LocalTime } from "../ui/local-time";
import styles from "./editor.module.css";

/** The 412 from autosave: another tab or an API call changed the post since it was opened. */
export function ConflictAlert({ onReload, onOverwrite }: { onReload: () => void; onOverwrite: () => void }) {
  return (
    <div role="alert" aria-labelledby="conflict-title" className={styles.alert}>
      <p>
        <strong id="conflict-title">This post changed elsewhere</strong> (another tab, or an API call) since you opened it. Your latest changes are
        not saved. Reload to see that version, or overwrite it with yours.
      </p>
      <div className={styles.alertActions}>
        <Button onClick={onReload}>Reload</Button>
        <Button variant="primary" onClick={onOverwrite}>Overwrite</Button>
      </div>
    </div>
  );
}

/** Unsaved changes found in this browser from an earlier visit (the server never got them). */
export function RestoreNotice({ at, onRestore, onDiscard }: { at: string; onRestore: () => void; onDiscard: () => void }) {
  return (
    <div className={styles.notice} role="region" aria-label="Unsaved changes found">
      <p>
        Changes you made on <LocalTime iso={at} /> were not saved to the server. Restore them to save them now.
      </p>
      <div className={styles.alertActions}>
        <Button onClick={onDiscard}>Discard</Button>
        <Button variant="primary" onClick={onRestore}>Restore</Button>
      </div>
    </div>
  );
}
