// POST /api/collections/:id/entries/bulk body shapes (SPEC Bulk entries): A `{ entries }`,
// B `{ updates }`, C `{ ids, action: "delete", force? }`, at most 50 items. Only the envelope is judged
// here (a wrong envelope fails the whole call); each item is judged on its own so an invalid
// item fails only itself.
import { z } from "zod";
import { invalidInput } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { createEntryBody, updateEntryBody } from "./entry-input";

export const MAX_BULK_ITEMS = 50;

const items = z.array(z.unknown()).min(1).max(MAX_BULK_ITEMS);
const createShape = z.strictObject({ entries: items });
const updateShape = z.strictObject({ updates: items });
const deleteShape = z.strictObject({
  ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_BULK_ITEMS),
  action: z.literal("delete"),
  force: z.boolean().optional().meta({ description: "Delete entries other entries reference, as `?force=true` does for one (their items are otherwise 409 `Entry is referenced`)." }),
});

export type BulkRequest =
  | { kind: "create"; items: unknown[] }
  | { kind: "update"; items: unknown[] }
  | { kind: "delete"; ids: string[]; force: boolean };

/** Delete needs collections:delete, the other shapes collections:write (decided before parsing, like the wrapper's own scope check). */
export function bulkWantsDelete(body: unknown): boolean {
  return isObject(body) && body.action === "delete";
}

export function parseBulkRequest(body: unknown): BulkRequest {
  if (isObject(body)) {
    if ("ids" in body || "action" in body) {
      const { ids, force } = parseOrThrow(deleteShape, body);
      return { kind: "delete", ids, force: force === true };
    }
    if ("entries" in body) return { kind: "create", items: parseOrThrow(createShape, body).entries };
    if ("updates" in body) return { kind: "update", items: parseOrThrow(updateShape, body).updates };
  }
  throw invalidInput([{ path: [], message: 'Send { entries: [...] }, { updates: [...] } or { ids: [...], action: "delete" }' }]);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The three shapes with their items spelled out, for the OpenAPI document (items are judged one by one above). */
export const bulkEntriesDocSchema = z
  .union([
    z.strictObject({ entries: z.array(createEntryBody).min(1).max(MAX_BULK_ITEMS) }),
    z.strictObject({ updates: z.array(updateEntryBody.extend({ id: z.string() })).min(1).max(MAX_BULK_ITEMS) }),
    deleteShape,
  ])
  .meta({ id: "BulkEntriesRequest" });
