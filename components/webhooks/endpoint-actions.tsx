"use client";
// An endpoint's actions: "Send test event" (a signed ping through the real queue; the page refreshes
// once its attempt is logged, and the button reads "Sending…" until that refresh has landed),
// "Rotate secret" (confirmed, the new secret shown once, the 24-hour overlap explained) and
// "Delete" (confirmed).
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useState, useTransition } from "react";
import { describeError } from "@/lib/client/api-client";
import { deleteEndpoint, rotateSecret, sendTestEvent, waitForAttempts } from "@/lib/client/webhooks-api";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { Dialog } from "../ui/dialog";
import { LocalTime } from "../ui/local-time";
import { SecretReveal } from "../ui/secret-reveal";
import { useToast } from "../ui/toast";

export function EndpointActions({ id, url, active }: { id: string; url: string; active: boolean }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [testing, setTesting] = useState(false);
  // router.refresh() returns at once; as a transition, its pending state lasts until the page has
  // re-rendered with the attempt's outcome, so "Sending…" ends only once the log shows it.
  const [refreshing, startRefresh] = useTransition();
  const [dialog, setDialog] = useState<"rotate" | "delete" | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rotated, setRotated] = useState<{ secret: string; previousSecretExpiresAt: string } | null>(null);

  async function test() {
    setTesting(true);
    try {
      const { deliveryId } = await sendTestEvent(id);
      notify("Test event queued", "info");
      router.refresh();
      await waitForAttempts(id, deliveryId, 1);
      startRefresh(() => router.refresh());
    } catch (err) {
      notify(describeError(err), "error");
    } finally {
      setTesting(false);
    }
  }

  async function rotate() {
    setPending(true);
    setError(null);
    try {
      setRotated(await rotateSecret(id));
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  async function remove() {
    setPending(true);
    setError(null);
    try {
      await deleteEndpoint(id);
      notify("Endpoint deleted", "success");
      router.push("/dashboard/webhooks");
      router.refresh();
    } catch (err) {
      setError(describeError(err));
      setPending(false);
    }
  }

  function close() {
    setDialog(null);
    setRotated(null);
    setError(null);
  }

  return (
    <>
      <Button onClick={test} disabled={testing || refreshing || !active} title={active ? undefined : "Turn the endpoint on to send a test event"}>
        {testing || refreshing ? "Sending…" : "Send test event"}
      </Button>
      <Button onClick={() => setDialog("rotate")}>Rotate secret</Button>
      <Button variant="danger" onClick={() => setDialog("delete")}>Delete</Button>

      <Dialog
        open={dialog === "rotate"}
        onClose={close}
        title="Rotate secret"
        actions={
          rotated ? (
            <Button variant="primary" onClick={close}>Done</Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" onClick={rotate} disabled={pending}>{pending ? "Rotating…" : "Rotate secret"}</Button>
            </>
          )
        }
      >
        {rotated ? (
          <>
            <SecretReveal label="Signing secret" value={rotated.secret}>
              Copy the new secret now: it will not be shown again.
            </SecretReveal>
            <p>
              Until <LocalTime iso={rotated.previousSecretExpiresAt} withZone /> every delivery also carries a <code>webhook-signature</code> made with the old secret, so your receiver keeps verifying while you deploy the new one. <code>X-Service-Signature</code> uses the new secret from now on.
            </p>
          </>
        ) : (
          <p>
            A new signing secret replaces the current one for <code>X-Service-Signature</code> at once. For 24 hours the old secret keeps signing too (a second signature in <code>webhook-signature</code>), so receivers using Standard Webhooks can switch without dropping events. Rotating again within those 24 hours ends the oldest secret.
          </p>
        )}
        {error ? <p role="alert">{error}</p> : null}
      </Dialog>

      <ConfirmDialog open={dialog === "delete"} onClose={close} title="Delete" confirmLabel="Delete" pendingLabel="Deleting…" pending={pending} onConfirm={remove}>
        <p>Delete the endpoint <code>{url}</code> and its delivery log? Nothing more is sent to it. This cannot be undone.</p>
        {error ? <p role="alert">{error}</p> : null}
      </ConfirmDialog>
    </>
  );
}
