"use client";
// "Revoke" on one key, confirmed in a dialog of the same name; the key gets 401 at once.
import { revokeKey } from "@/lib/client/keys-api";
import { ConfirmActionButton } from "../ui/confirm-action-button";

export function RevokeKeyButton({ id, name, prefix }: { id: string; name: string; prefix: string }) {
  return (
    <ConfirmActionButton label="Revoke" pendingLabel="Revoking…" variant="danger" run={() => revokeKey(id)} done={`Key “${name}” revoked`}>
      <p>
        Revoke “{name}” (<code>{prefix}…</code>)? Every request with it gets <code>401</code> from now on. This cannot be undone.
      </p>
    </ConfirmActionButton>
  );
}
