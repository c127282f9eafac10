"use client";
// A modal dialog on the native <dialog> element: showModal() gives the focus trap, Escape and the
// inert page for free. Its accessible name is its title, which DASHBOARD.md wants to be the name
// of the action that opened it ("Create key" opens "Create key").
import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./dialog.module.css";

export function Dialog({
  open,
  onClose,
  title,
  children,
  actions,
  wide,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** The buttons row, confirm last. */
  actions?: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={[styles.dialog, wide ? styles.wide : ""].join(" ")}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <div className={styles.inner}>
          <h2 id={titleId} className={styles.title}>{title}</h2>
          {children}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
