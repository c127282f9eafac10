// Response shapes of the collection routes (SPEC Collections … Labels, DECISIONS §3), as zod
// schemas: the OpenAPI document is generated from them and the serializers are typed by them.
import { z } from "zod";
import { pageInfoSchema } from "../openapi/shared-schemas";
import { includesSchema } from "./modeling-response";

const versionId = z.string().regex(/^v_[1-9][0-9]*$/).meta({ id: "VersionId", example: "v_3" });
const timestamp = z.string().meta({ format: "date-time" });

export const collectionSchemaBodySchema = z
  .looseObject({
    title: z.string().optional(),
    fields: z.array(z.looseObject({ name: z.string(), type: z.string() })).optional(),
    indexes: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: "CollectionSchema" });

export const collectionResponseSchema = z
  .object({
    id: z.string().meta({ description: "Equal to the slug." }),
    name: z.string(),
    slug: z.string(),
    schema: collectionSchemaBodySchema,
    protectedLabels: z.array(z.string()).meta({ description: "Labels only editors and above may point or remove (TEAMS.md); default [\"production\"]." }),
    entryCount: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: "Collection" });

/** GET /api/collections items (DECISIONS §3): without `protectedLabels`, which one collection's reads carry. */
export const collectionListItemSchema = collectionResponseSchema.omit({ protectedLabels: true }).meta({ id: "CollectionListItem" });

export const updatedCollectionSchema = collectionResponseSchema.extend({
  reprojected: z
    .object({ updated: z.number().int(), skipped: z.number().int(), truncated: z.boolean() })
    .optional()
    .meta({ description: "Present when the indexes mapping changed." }),
  references: z
    .object({ reindexed: z.number().int(), truncated: z.boolean() })
    .optional()
    .meta({ description: "Present when the reference fields changed: entries whose reference index was rebuilt from their data (at most REPROJECTION_LIMIT; `truncated`: the rest are on their next write)." }),
});

export const labelsMapSchema = z
  .record(z.string(), z.object({ version: versionId, meta: z.unknown() }))
  .meta({ id: "LabelsMap" });

export const entryResponseSchema = z
  .object({
    id: z.string(),
    version: versionId,
    labels: labelsMapSchema,
    title: z.string().nullable(),
    summary: z.string().nullable(),
    slug: z.string().nullable(),
    tag: z.string().nullable().optional(),
    data: z.unknown(),
    createdAt: timestamp,
    updatedAt: timestamp,
    includes: includesSchema.optional(),
  })
  .meta({ id: "Entry" });

export const entryListItemSchema = z
  .object({
    id: z.string(),
    version: versionId,
    title: z.string().nullable(),
    summary: z.string().nullable(),
    slug: z.string().nullable(),
    tag: z.string().nullable().optional(),
    data: z.unknown().optional().meta({ description: "Only with `full=1`." }),
    updatedAt: timestamp,
  })
  .meta({ id: "EntryListItem" });

export const entryListSchema = z
  .object({ entries: z.array(entryListItemSchema), pageInfo: pageInfoSchema, includes: includesSchema.optional() })
  .meta({ id: "EntryList" });

export const createdEntrySchema = z.object({ id: z.string(), version: versionId, labels: labelsMapSchema });
export const updatedEntrySchema = z.object({ id: z.string(), version: versionId });

export const versionListItemSchema = z
  .object({ version: versionId, createdAt: timestamp, labels: z.array(z.string()) })
  .meta({ id: "VersionListItem" });

export const versionSnapshotSchema = z
  .object({ id: z.string(), version: versionId, createdAt: timestamp, labels: z.array(z.string()), data: z.unknown(), includes: includesSchema.optional() })
  .meta({ id: "VersionSnapshot" });

export const labelResponseSchema = z.object({ label: z.string(), version: versionId, meta: z.unknown() }).meta({ id: "Label" });

export const labelHistorySchema = z
  .object({
    data: z.array(
      z.object({
        label: z.string(),
        version: versionId.nullable().describe("null for a removal"),
        previousVersion: versionId.nullable().describe("null for the label's first position"),
        movedAt: z.string(),
        movedBy: z.object({ type: z.enum(["session", "key"]), id: z.string(), prefix: z.string().optional() }),
        scheduled: z.literal(true).optional().describe("Made by the scheduler from a scheduled move; movedBy scheduled it"),
      }),
    ),
  })
  .meta({ id: "LabelHistory" });

export const bulkEntryResultSchema = z
  .looseObject({
    index: z.number().int(),
    status: z.number().int().meta({ description: "The status the item would have had alone (201, 200, 404, 409, ...)." }),
    id: z.string().optional(),
    version: versionId.optional(),
    labels: labelsMapSchema.optional(),
    error: z.string().optional(),
  })
  .meta({ id: "BulkEntryResult" });

export const bulkEntriesResponseSchema = z.object({ results: z.array(bulkEntryResultSchema) });
