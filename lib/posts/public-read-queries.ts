// Query parameters of the public post reads (SPEC "List parameters", "Single post", "Search").
// `format` never fails (unknown → tiptap); numbers that are not positive integers do; perPage
// above 50 is capped, not refused.
import { z } from "zod";
import { parseContentFormat } from "../content/content-format";

const format = z
  .string()
  .meta({ description: "`tiptap` (default), `html` or `markdown`: what `rendered` holds. Unknown values mean tiptap.", examples: ["html"] })
  .optional()
  .transform(parseContentFormat);
const positiveInt = z.coerce.number({ error: "A positive integer" }).int("A positive integer").min(1, "A positive integer");

export const MAX_PER_PAGE = 50;
export const DEFAULT_PER_PAGE = 10;

export const publicListQuerySchema = z.object({
  format,
  page: positiveInt.max(1_000_000, "At most 1000000").optional(),
  perPage: positiveInt.optional(),
  sort: z
    .enum(["publishedAt:desc", "publishedAt:asc"], { error: "publishedAt:desc or publishedAt:asc" })
    .default("publishedAt:desc"),
  tag: z.string().max(200).optional(),
});

export const publicPostQuerySchema = z.object({
  format,
  includeDrafts: z.string().optional().transform((value) => value === "true"),
});

export const publicSearchQuerySchema = z.object({
  q: z.string({ error: "q is required" }).trim().min(2, "At least 2 characters").max(200, "At most 200 characters"),
  format,
});

export const formatQuerySchema = z.object({ format });

export type PublicListQuery = z.output<typeof publicListQuerySchema>;
