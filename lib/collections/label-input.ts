import { z } from "zod";
import { versionIdSchema } from "./version-id";

/** An `at` at most this far ahead (or in the past) moves the label now (MODELING "Scheduled label moves"). */
export const SCHEDULE_THRESHOLD_MS = 5_000;

/**
 * PUT label: `meta` is any JSON, stored and returned verbatim (absent means null); `at` more than
 * 5 s ahead schedules the move (202) instead of making it now.
 */
export const putLabelBody = z.strictObject({
  version: versionIdSchema,
  meta: z.unknown().optional(),
  at: z.iso
    .datetime({ offset: true, error: "Expected an ISO 8601 date-time with Z or an offset" })
    .optional()
    .meta({ description: "Move the label at this time instead of now (more than 5 s ahead: 202 with the scheduled move; sooner or past: moves now)." }),
});
export type PutLabelInput = z.output<typeof putLabelBody>;
