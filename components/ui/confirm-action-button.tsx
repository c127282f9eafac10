"use client";
// A button whose action is confirmed first (ConfirmDialog, named as the button), then runs: the
// dialog shows the action's refusal if there is one, and on success closes, says so in a toast
// and refreshes the page's server data. "Revoke" on a key and "Withdraw" on a review are this.
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { describeError } from "@/lib/client/api-client";
import { Button, type ButtonVariant } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import { useToast } from "./toast";

export function ConfirmActionButton({
  label,
  title = label,
  pendingLabel,
  variant,
  run,
  done,
  children,
}: {
  label: string;
  /** The dialog's name; the button's label unless given. */
  title?: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  run: () => Promise<unknown>;
  /** The toast once it is done. */
  done: string;
  /** The question. */
  children: ReactNode;
}) {
  const router = useRouter();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setPending(true);
    setError(null);
    try {
      await run();
      setOpen(false);
      notify(done, "success");
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" variant={variant} onClick={() => setOpen(true)}>{label}</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={title} confirmLabel={label} pendingLabel={pendingLabel} pending={pending} onConfirm={() => void confirm()}>
        {children}
        {error ? <p role="alert">{error}</p> : null}
      </ConfirmDialog>
    </>
  );
}
