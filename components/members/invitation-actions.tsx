"use client";
// A pending invitation's "Resend" and "Revoke" (TEAMS.md "Dashboard"). "Resend" makes a new link
// (the old one dies) and shows it in the dialog "Resend" with "Copy link"; "Revoke" confirms in
// the dialog "Revoke", after which the link answers 410.
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { resendInvitation, revokeInvitation, type ResentInvitation } from "@/lib/client/members-api";
import { useProjectRouter } from "../dashboard/project-link";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { CopyField } from "../ui/copy-field";
import { Dialog } from "../ui/dialog";
import { LocalTime } from "../ui/local-time";
import { useToast } from "../ui/toast";
import styles from "./members.module.css";

export function InvitationActions({ id, email }: { id: string; email: string }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [resent, setResent] = useState<ResentInvitation | null>(null);
  const [resendError, setResendError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  async function resend() {
    setResending(true);
    setResendError(null);
    try {
      setResent(await resendInvitation(id));
      router.refresh();
    } catch (err) {
      setResendError(err instanceof ApiRequestError && err.body.error === "Member limit reached" ? `Member limit reached (${String(err.body.limit)} seats).` : describeError(err));
    } finally {
      setResending(false);
    }
  }

  async function revoke() {
    setRevoking(true);
    setRevokeError(null);
    try {
      await revokeInvitation(id);
      setConfirming(false);
      notify(`Invitation for ${email} revoked`, "success");
      router.refresh();
    } catch (err) {
      setRevokeError(describeError(err));
    } finally {
      setRevoking(false);
    }
  }

  return (
    <div className={styles.actions}>
      <Button size="sm" onClick={resend} disabled={resending}>{resending ? "Resending…" : "Resend"}</Button>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>Revoke</Button>
      {resendError ? <p role="alert" className={styles.error}>{resendError}</p> : null}
      <Dialog open={resent !== null} onClose={() => setResent(null)} title="Resend" actions={<Button variant="primary" onClick={() => setResent(null)}>Done</Button>}>
        {resent ? (
          <CopyField label="Invitation link" value={resent.url} copyLabel="Copy link">
            A new link for {email}, valid until <LocalTime iso={resent.expiresAt} />. The previous link no longer works.
          </CopyField>
        ) : null}
      </Dialog>
      <ConfirmDialog open={confirming} onClose={() => setConfirming(false)} title="Revoke" confirmLabel="Revoke" pendingLabel="Revoking…" pending={revoking} onConfirm={revoke}>
        <p>Revoke the invitation for {email}? Its link stops working at once.</p>
        {revokeError ? <p role="alert">{revokeError}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
