// A page number or a page size in a query string: digits only, at least 1, with a default when
// absent (the delivery log's and the media library's pages).
import { z } from "zod";

export const positiveIntQuery = (fallback: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, "Must be a positive integer")
    .transform(Number)
    .optional()
    .transform((value) => value ?? fallback);
