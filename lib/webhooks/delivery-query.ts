// The delivery log's filters and pages (GET /api/webhooks/:id/deliveries?status=&event=&page=&perPage=).
import { z } from "zod";
import { positiveIntQuery } from "../http/positive-int-query";
import { deliveryStatusSchema } from "./delivery-status";

export const DELIVERIES_MAX_PER_PAGE = 100;

export const deliveryQuerySchema = z.object({
  status: deliveryStatusSchema.optional(),
  /** Any event type, `ping` included. */
  event: z.string().trim().min(1).max(100).optional(),
  page: positiveIntQuery(1),
  /** Capped at 100, like the post lists cap theirs. */
  perPage: positiveIntQuery(20).transform((value) => Math.min(value, DELIVERIES_MAX_PER_PAGE)),
});

export type DeliveryQuery = z.output<typeof deliveryQuerySchema>;
