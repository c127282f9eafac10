// GET /api/imports/:id: the report (PORTABILITY), the caller's own imports only (else 404).
import { z } from "zod";
import { db } from "../db";
import { notFound } from "../http/api-error";

export const importReportSchema = z
  .object({
    id: z.string(),
    source: z.enum(["ghost", "wordpress", "markdown", "inkbase"]),
    status: z.enum(["running", "succeeded", "failed"]),
    dryRun: z.boolean(),
    progress: z.object({ done: z.number().int(), total: z.number().int() }),
    created: z.number().int(),
    updated: z.number().int(),
    skipped: z.number().int(),
    images: z
      .object({
        copied: z.number().int().meta({ description: "Distinct images copied into the media library (a dry run: that would be)." }),
        reused: z.number().int().meta({ description: "Distinct images the library already held (same URL imported before, or same bytes): the posts point at those media." }),
        failed: z.number().int().meta({ description: "Distinct images that could not be copied (each use has a warning); their posts keep the URL." }),
      })
      .meta({ description: "What became of the images the imported posts reference; a dry run checks them the same way and stores nothing." }),
    warnings: z.array(z.object({ item: z.string(), message: z.string() })),
    error: z.string().optional(),
  })
  .meta({ id: "ImportReport" });

export type ImportReport = z.output<typeof importReportSchema>;

/** The report, and whether the import is running with nobody holding it (its server stopped). */
export async function getImport(options: { ownerId: string; id: string }): Promise<{ report: ImportReport; stalled: boolean }> {
  if (!options.ownerId) throw new Error("getImport needs an owner");
  const row = await db().importJob.findFirst({
    where: { id: options.id, ownerId: options.ownerId },
    select: { id: true, source: true, status: true, dryRun: true, total: true, done: true, created: true, updated: true, skipped: true, imagesCopied: true, imagesReused: true, imagesFailed: true, warnings: true, error: true, lockedUntil: true },
  });
  if (!row) throw notFound("Import not found");
  const report: ImportReport = {
    id: row.id,
    source: row.source as ImportReport["source"],
    status: row.status as ImportReport["status"],
    dryRun: row.dryRun,
    progress: { done: row.done, total: row.total },
    created: row.created,
    updated: row.updated,
    skipped: row.skipped,
    images: { copied: row.imagesCopied, reused: row.imagesReused, failed: row.imagesFailed },
    warnings: (row.warnings ?? []) as ImportReport["warnings"],
    ...(row.error ? { error: row.error } : {}),
  };
  return { report, stalled: row.status === "running" && (row.lockedUntil === null || row.lockedUntil.getTime() < Date.now()) };
}
