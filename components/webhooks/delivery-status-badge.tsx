import type { DeliveryStatus } from "@/lib/webhooks/delivery-status";
import { Badge, type BadgeTone } from "../ui/badge";

const TONES: Record<DeliveryStatus, BadgeTone> = { succeeded: "success", failed: "danger", pending: "warning" };

/** pending / succeeded / failed, with the last response code when there is one. */
export function DeliveryStatusBadge({ status, statusCode }: { status: DeliveryStatus; statusCode?: number | null }) {
  return (
    <Badge tone={TONES[status]}>
      {status}
      {statusCode ? ` · ${statusCode}` : ""}
    </Badge>
  );
}
