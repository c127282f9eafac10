"use client";
// The editor's status line (role status): "Saving…", "Saved at 14:03", or what went wrong with a
// "Retry" right beside it.
import { Button } from "../ui/button";
import { useHydrated } from "../ui/local-time";
import styles from "./editor.module.css";
import type { SaveState } from "./autosave-controller";

const time = (at: Date) => new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(at);

export function SaveStatus({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  // The time is the author's local one, which the server render cannot know.
  const hydrated = useHydrated();
  const error = state.kind === "error" || state.kind === "conflict";
  const text =
    state.kind === "saving" ? "Saving…"
    : state.kind === "dirty" ? "Unsaved changes"
    : state.kind === "saved" ? (hydrated ? `Saved at ${time(state.at)}` : "Saved")
    : state.kind === "conflict" ? "Not saved: this post changed elsewhere"
    : `Not saved: ${state.message}`;
  return (
    <span className={styles.status}>
      <span role="status" className={error ? styles.statusError : undefined}>{text}</span>
      {state.kind === "error" ? <Button size="sm" onClick={onRetry}>Retry</Button> : null}
    </span>
  );
}
