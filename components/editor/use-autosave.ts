"use client";
// Binds the AutosaveController to a post editor: the browser's timers, localStorage for the local
// backup, PATCH through our API client, and the page events (pagehide, beforeunload, online).
import { useEffect, useState, useSyncExternalStore } from "react";
import { patchPost } from "@/lib/client/posts-api";
import { AutosaveController, type AutosaveDeps, type Backup } from "./autosave-controller";

export const backupKey = (postId: string) => `inkbase:unsaved-post:${postId}`;

export function readBackup(postId: string): Backup | null {
  try {
    const raw = window.localStorage.getItem(backupKey(postId));
    return raw ? (JSON.parse(raw) as Backup) : null;
  } catch {
    return null;
  }
}

export function discardBackup(postId: string): void {
  try {
    window.localStorage.removeItem(backupKey(postId));
  } catch {
    // storage disabled: nothing was kept
  }
}

function saveBackup(postId: string, backup: Backup | null): void {
  try {
    if (backup) window.localStorage.setItem(backupKey(postId), JSON.stringify(backup));
    else window.localStorage.removeItem(backupKey(postId));
  } catch {
    // Storage full or disabled: the server copy and the leave warning still protect the text.
  }
}

export function useAutosave(options: {
  postId: string;
  initialEtag: string | null;
  initialSavedAt: Date;
  collect: AutosaveDeps["collect"];
  onFieldErrors: AutosaveDeps["onFieldErrors"];
}) {
  const { postId, collect, onFieldErrors } = options;
  const [controller] = useState(
    () =>
      new AutosaveController(
        {
          patch: (body, { etag, keepalive }) => patchPost(postId, body, { etag, keepalive }),
          collect,
          onFieldErrors,
          saveBackup: (backup) => saveBackup(postId, backup),
          setTimer: (run, ms) => setTimeout(run, ms),
          clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
          now: () => new Date(),
        },
        { etag: options.initialEtag, savedAt: options.initialSavedAt },
      ),
  );
  useEffect(() => controller.setDeps({ collect, onFieldErrors }), [controller, collect, onFieldErrors]);
  const state = useSyncExternalStore(controller.subscribe, () => controller.state, () => controller.state);

  useEffect(() => {
    const onPageHide = () => controller.flushOnHide();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") controller.flushOnHide();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (controller.hasUnsaved) {
        event.preventDefault();
        event.returnValue = "";
      }
    };
    const onOnline = () => {
      if (controller.hasUnsaved && controller.canSave) controller.retryNow();
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("online", onOnline);
      controller.dispose();
    };
  }, [controller]);

  return { state, controller };
}
