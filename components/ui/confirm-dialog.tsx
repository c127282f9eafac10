"use client";
// The dashboard's one confirmation for an action that cannot be undone (delete, revoke, remove):
// a Dialog named after the action, Cancel, and the action itself as the danger button last.
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

export function ConfirmDialog({
  open,
  onClose,
  title,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  /** Shown on the button while the action runs; the button keeps its label when absent. */
  pendingLabel?: string;
  pending: boolean;
  onConfirm: () => void;
  /** The question, and an error (role="alert") if the action failed. */
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="dangerSolid" onClick={onConfirm} disabled={pending}>
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
