"use client";
// "Redeliver" on one delivery: the API answers 202 and attempts it right away; the page refreshes
// once the new attempt is logged.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { redeliver, waitForAttempts } from "@/lib/client/webhooks-api";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";

export function RedeliverButton({ endpointId, deliveryId, attempts }: { endpointId: string; deliveryId: string; attempts: number }) {
  const router = useRouter();
  const notify = useToast();
  const [pending, setPending] = useState(false);

  async function run() {
    setPending(true);
    try {
      await redeliver(endpointId, deliveryId);
      const logged = await waitForAttempts(endpointId, deliveryId, attempts + 1);
      notify(logged ? "Redelivered: the new attempt is below" : "Redelivery queued", "success");
      router.refresh();
    } catch (err) {
      notify(describeError(err), "error");
    } finally {
      setPending(false);
    }
  }

  return <Button variant="primary" onClick={run} disabled={pending}>{pending ? "Redelivering…" : "Redeliver"}</Button>;
}
