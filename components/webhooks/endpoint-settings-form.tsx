"use client";
// Edit an endpoint's events and "Active" (PATCH /api/webhooks/:id). Turning it off closes its
// waiting deliveries as failed; turning it on clears an automatic disable.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { updateEndpoint } from "@/lib/client/webhooks-api";
import { Button } from "../ui/button";
import { CheckboxGroup } from "../ui/checkbox-group";
import { Checkbox } from "../ui/field";
import { useToast } from "../ui/toast";
import styles from "./webhooks.module.css";

export function EndpointSettingsForm({ id, eventTypes, events: initialEvents, active: initialActive }: { id: string; eventTypes: readonly string[]; events: string[]; active: boolean }) {
  const router = useRouter();
  const notify = useToast();
  const [events, setEvents] = useState(initialEvents);
  const [active, setActive] = useState(initialActive);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!events.length) {
      setError("Choose at least one event.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      await updateEndpoint(id, { events, active });
      notify("Endpoint saved", "success");
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <CheckboxGroup legend="Events" options={eventTypes} value={events} onChange={setEvents} />
      <Checkbox label="Active" checked={active} onChange={(event) => setActive(event.target.checked)} />
      <p className={styles.note}>An endpoint that is not active gets nothing; deliveries waiting for a retry are closed as failed (you can redeliver them).</p>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <div>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? "Saving…" : "Save"}</Button>
      </div>
    </form>
  );
}
