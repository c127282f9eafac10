// Response shapes of references, scheduled label moves and diffs (MODELING), as zod schemas: the
// OpenAPI document is generated from them and the serializers are typed by them.
import { z } from "zod";

const versionId = z.string().regex(/^v_[1-9][0-9]*$/);
const timestamp = z.string().meta({ format: "date-time" });
const actorSchema = z
  .object({ type: z.enum(["session", "key"]), id: z.string(), prefix: z.string().optional().describe("The key's shown prefix") })
  .meta({ id: "Actor" });

export const includesSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.string(),
        collection: z.string().describe("The slug of its collection"),
        version: versionId.describe("The version at the read's label (current for unlabelled reads)"),
        title: z.string().nullable(),
        summary: z.string().nullable(),
        slug: z.string().nullable(),
        tag: z.string().nullable().optional(),
        data: z.unknown(),
      }),
    ),
    unresolved: z.array(
      z.object({
        entryId: z.string().describe("The entry holding the reference"),
        path: z.string().describe("JSON pointer into that entry's data"),
        id: z.string().describe("The referenced id"),
        reason: z.enum(["no_label", "deleted"]),
      }),
    ),
    truncated: z.literal(true).optional().describe("More than 1,000 entries would have been included; the rest were left out."),
  })
  .meta({ id: "Includes", description: "With `include` ≥ 1: the referenced entries, each once (entries already in the answer are not repeated)." });

export const entryReferencedSchema = z
  .object({
    error: z.literal("Entry is referenced"),
    referencedBy: z.array(z.object({ collection: z.string(), entryId: z.string(), path: z.string() })).max(20),
  })
  .meta({ id: "EntryReferenced" });

export const collectionReferencedSchema = z
  .object({
    error: z.literal("Collection is referenced"),
    referencedBy: z.array(z.object({ collection: z.string(), path: z.string().describe("JSON pointer of the reference field in that collection's entries") })).max(20),
  })
  .meta({ id: "CollectionReferenced" });

export const scheduledMoveCreatedSchema = z
  .object({ scheduled: z.object({ id: z.string(), label: z.string(), version: versionId, at: timestamp, createdBy: actorSchema }) })
  .meta({ id: "ScheduledMoveCreated" });

export const scheduledMoveSchema = z
  .object({
    id: z.string(),
    entryId: z.string(),
    label: z.string(),
    version: versionId,
    at: timestamp,
    status: z.enum(["pending", "applied", "failed"]),
    reason: z.enum(["entry_deleted", "version_pruned"]).optional(),
    createdBy: actorSchema,
    createdAt: timestamp,
    settledAt: timestamp.optional(),
  })
  .meta({ id: "ScheduledMove" });

export const scheduledMoveListSchema = z.object({ data: z.array(scheduledMoveSchema) }).meta({ id: "ScheduledMoveList" });

const blockChangeSchema = z.object({
  kind: z.enum(["changed", "added", "removed"]),
  label: z.string().describe("Paragraph, Heading 2, List item, …"),
  before: z.string().nullable(),
  after: z.string().nullable(),
});

const diffSideSchema = z.object({ version: versionId, label: z.string().optional().describe("When the side was named by a label") });

export const entryDiffSchema = z
  .object({
    from: diffSideSchema,
    to: diffSideSchema,
    changes: z.array(
      z.object({
        path: z.string().describe("JSON pointer into data"),
        kind: z.enum(["changed", "added", "removed"]),
        before: z.unknown(),
        after: z.unknown(),
        blocks: z.array(blockChangeSchema).optional().describe("richtext fields: the changed blocks, text before and after"),
      }),
    ),
  })
  .meta({ id: "EntryDiff" });

export const diffSideNotFoundSchema = z
  .object({ error: z.enum(["Version not found", "Label not found"]), param: z.enum(["from", "to"]), value: z.string() })
  .meta({ id: "DiffSideNotFound" });
