"use client";
// "Revoke" on one key, confirmed in a dialog of the same name; the key gets 401 at once.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { revokeKey } from "@/lib/client/keys-api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { useToast } from "../ui/toast";

export function RevokeKeyButton({ id, name, prefix }: { id: string; name: string; prefix: string }) {
  const router = useRouter();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function revoke() {
    setPending(true);
    setError(null);
    try {
      await revokeKey(id);
      setOpen(false);
      notify(`Key “${name}” revoked`, "success");
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)}>Revoke</Button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title="Revoke" confirmLabel="Revoke" pendingLabel="Revoking…" pending={pending} onConfirm={revoke}>
        <p>
          Revoke “{name}” (<code>{prefix}…</code>)? Every request with it gets <code>401</code> from now on. This cannot be undone.
        </p>
        {error ? <p role="alert">{error}</p> : null}
      </ConfirmDialog>
    </>
  );
}
