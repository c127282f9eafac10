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

/** `include=0..3` on entry reads (MODELING "Reference fields"): how many levels of references to add as `includes`. */
export const includeQuery = z
  .enum(["0", "1", "2", "3"], { error: "include is 0, 1, 2 or 3" })
  .meta({ description: "Levels of references to resolve into `includes` (0 to 3; default 0), at the read's own label." })
  .optional()
  .transform((value) => Number(value ?? 0));

export const listEntriesQuery = z.object({
  page: positiveInt.optional().default(1),
  // Capped, not refused: perPage=500 answers 50 per page (SPEC: "Capped at 50").
  perPage: positiveInt.optional().default(10).transform((n) => Math.min(n, MAX_PER_PAGE)),
  slug: z.string().max(200).optional(),
  tag: z.string().max(200).optional(),
  label: labelNameSchema.optional(),
  q: z.string().max(200).optional(),
  full: z.enum(["1", "0", "true", "false"]).optional().transform((v) => v === "1" || v === "true"),
  include: includeQuery,
});
export type ListEntriesQuery = z.output<typeof listEntriesQuery>;

export const getEntryQuery = z
  .object({ label: labelNameSchema.optional(), version: versionIdSchema.optional(), include: includeQuery })
  .refine((q) => q.label === undefined || q.version === undefined, { message: "Give label or version, not both" });

export const getVersionQuery = z.object({ include: includeQuery });

/** `force=true` on DELETE of an entry or a collection: delete it even while something references it. */
export const deleteQuery = z.object({
  force: z
    .enum(["true", "false", "1", "0"])
    .meta({ description: "`true`: delete even while referenced (references to it then resolve as `deleted`)." })
    .optional()
    .transform((value) => value === "true" || value === "1"),
});
