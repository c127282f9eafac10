// Request shapes of the entry routes (SPEC Entries). `data` must be a JSON object; its contents
// are judged against the collection's schema by validateEntryData.
import { z } from "zod";
import { labelNameSchema } from "./label-name";
import { versionIdSchema } from "./version-id";

const dataSchema = z.record(z.string(), z.unknown(), { error: "data must be a JSON object" });

export const createEntryBody = z.strictObject({ data: dataSchema, label: labelNameSchema.optional() });
export const updateEntryBody = z.strictObject({ data: dataSchema, ifVersion: versionIdSchema.optional() });

export type CreateEntryInput = z.output<typeof createEntryBody>;
export type UpdateEntryInput = z.output<typeof updateEntryBody>;

export const MAX_PER_PAGE = 50;

const positiveInt = z
  .string()
  .regex(/^[0-9]{1,9}$/, "Expected a whole number")
  .transform(Number)
  .refine((n) => n >= 1, "Expected 1 or more");

export const listEntriesQuery = z.object({
  page: positiveInt.optional().default(1),
  // Capped, not refused: perPage=500 answers 50 per page (SPEC: "Capped at 50").
  perPage: positiveInt.optional().default(10).transform((n) => Math.min(n, MAX_PER_PAGE)),
  slug: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  label: labelNameSchema.optional(),
  q: z.string().max(200).optional(),
  full: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
});
export type ListEntriesQuery = z.output<typeof listEntriesQuery>;

export const getEntryQuery = z
  .object({ label: labelNameSchema.optional(), version: versionIdSchema.optional() })
  .refine((q) => q.label === undefined || q.version === undefined, { message: "Give label or version, not both" });
