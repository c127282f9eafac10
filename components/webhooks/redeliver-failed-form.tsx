"use client";
// "Redeliver failed": every failed delivery of this endpoint in the chosen period, sent again.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { redeliverFailed } from "@/lib/client/webhooks-api";
import { Button } from "../ui/button";
import { SelectField } from "../ui/field";
import { useToast } from "../ui/toast";
import styles from "./webhooks.module.css";

const HOUR = 3600_000;
const PERIODS = [
  { value: String(HOUR), label: "Last hour" },
  { value: String(24 * HOUR), label: "Last 24 hours" },
  { value: String(7 * 24 * HOUR), label: "Last 7 days" },
  { value: String(30 * 24 * HOUR), label: "Last 30 days" },
];

export function RedeliverFailedForm({ id }: { id: string }) {
  const router = useRouter();
  const notify = useToast();
  const [period, setPeriod] = useState(PERIODS[1].value);
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    try {
      const since = new Date(Date.now() - Number(period)).toISOString();
      const { deliveryIds, hasMore } = await redeliverFailed(id, since);
      notify(
        deliveryIds.length
          ? `Redelivering ${deliveryIds.length} failed ${deliveryIds.length === 1 ? "delivery" : "deliveries"}${hasMore ? " (the oldest 100; run it again for the rest)" : ""}`
          : "No failed deliveries in that period",
        deliveryIds.length ? "success" : "info",
      );
      // The attempts run after the API's answer: give them a moment before showing the log again.
      setTimeout(() => router.refresh(), 2000);
    } catch (err) {
      notify(describeError(err), "error");
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.row} onSubmit={submit}>
      <SelectField label="Period" value={period} onChange={(event) => setPeriod(event.target.value)}>
        {PERIODS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </SelectField>
      <Button type="submit" disabled={pending}>{pending ? "Redelivering…" : "Redeliver failed"}</Button>
    </form>
  );
}
