// Response parts that several resources share (posts, collection entries, webhooks), defined once
// so the OpenAPI document has one component for each and every serializer is typed by the same
// schema.
import { z } from "zod";

export const pageInfoSchema = z
  .object({ total: z.number().int(), page: z.number().int(), perPage: z.number().int(), hasMore: z.boolean() })
  .meta({ id: "PageInfo" });

export const successSchema = z.object({ success: z.literal(true) }).meta({ id: "Success" });
