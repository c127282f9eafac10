"use client";
// "Add endpoint" (DASHBOARD.md "Webhooks"): "URL" (the SSRF guard's refusal shown inline under
// it), one checkbox per event type, then the signing secret, once, in "Signing secret" with "Copy".
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { createEndpoint } from "@/lib/client/webhooks-api";
import { Button } from "../ui/button";
import { CheckboxGroup } from "../ui/checkbox-group";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";
import { SecretReveal } from "../ui/secret-reveal";
import styles from "./webhooks.module.css";

export function AddEndpointDialog({ eventTypes, allowPrivate }: { eventTypes: readonly string[]; allowPrivate: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>([...eventTypes]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);

  function close() {
    setOpen(false);
    setUrl("");
    setEvents([...eventTypes]);
    setErrors({});
    setCreated(null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!events.length) {
      setErrors({ events: "Choose at least one event." });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      const endpoint = await createEndpoint({ url: url.trim(), events });
      setCreated({ id: endpoint.id, secret: endpoint.secret });
      router.refresh();
    } catch (err) {
      const urlError = err instanceof ApiRequestError ? err.fieldError("url") : undefined;
      setErrors(urlError ? { url: urlError } : { form: describeError(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>Add endpoint</Button>
      <Dialog
        open={open}
        onClose={close}
        title="Add endpoint"
        actions={
          created ? (
            <>
              <Link className={styles.linkButton} href={`/dashboard/webhooks/${created.id}`} onClick={close}>Open endpoint</Link>
              <Button variant="primary" onClick={close}>Done</Button>
            </>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" type="submit" form="add-endpoint-form" disabled={pending}>{pending ? "Adding…" : "Add endpoint"}</Button>
            </>
          )
        }
      >
        {created ? (
          <SecretReveal label="Signing secret" value={created.secret}>
            Verify every delivery with this secret (<code>X-Service-Signature</code>, or the Standard Webhooks <code>webhook-signature</code>). Copy it now: it will not be shown again; “Rotate secret” makes a new one.
          </SecretReveal>
        ) : (
          <form id="add-endpoint-form" className={styles.form} onSubmit={submit} noValidate>
            <InputField
              label="URL"
              name="url"
              type="url"
              inputMode="url"
              required
              placeholder="https://example.com/webhooks/inkbase"
              value={url}
              error={errors.url}
              hint={
                allowPrivate
                  ? "https or http. Private and loopback addresses are allowed on this server (development)."
                  : "An https URL on a public address. Private networks, loopback and cloud metadata addresses are refused, so webhooks cannot reach inside this server’s network."
              }
              onChange={(event) => setUrl(event.target.value)}
            />
            <CheckboxGroup legend="Events" options={eventTypes} value={events} onChange={setEvents} error={errors.events} />
            {errors.form ? <p role="alert" className={styles.error}>{errors.form}</p> : null}
          </form>
        )}
      </Dialog>
    </>
  );
}
