// Response and error schemas of the import routes, for the OpenAPI document.
import { z } from "zod";

export const importStartedSchema = z.object({ id: z.string(), status: z.literal("running") }).meta({ id: "ImportStarted" });

export const importErrors = {
  tooLarge: { description: "The file is over 32 MiB.", schema: z.object({ error: z.literal("File too large"), limit: z.number().int() }) },
};
