import { Badge, type BadgeTone } from "../ui/badge";

const TONES: Record<string, BadgeTone> = { succeeded: "success", failed: "danger", pending: "warning" };

/** pending / succeeded / failed, with the last response code when there is one. */
export function DeliveryStatusBadge({ status, statusCode }: { status: string; statusCode?: number | null }) {
  return (
    <Badge tone={TONES[status] ?? "neutral"}>
      {status}
      {statusCode ? ` · ${statusCode}` : ""}
    </Badge>
  );
}
