import { z } from "zod";
import { versionIdSchema } from "./version-id";

/** PUT label: `meta` is any JSON, stored and returned verbatim (absent means null). */
export const putLabelBody = z.strictObject({ version: versionIdSchema, meta: z.unknown().optional() });
export type PutLabelInput = z.output<typeof putLabelBody>;
