// POST /api/collections/:id/entries/bulk: every item runs as the single call would, in its own
// transaction (so a failed item leaves nothing behind and emits nothing, and applied items emit
// their events like single calls, DECISIONS §4), in input order. Results follow DECISIONS §3:
// `{ index, status, ...the single call's body }`, plus the item's `id` where there is one.
import { z } from "zod";
import { ApiError } from "../http/api-error";
import { toIssues } from "../http/parse-input";
import type { BulkRequest } from "./bulk-input";
import { createEntry } from "./create-entry";
import { deleteEntry } from "./delete-entry";
import { createEntryBody, updateEntryBody } from "./entry-input";
import { findCollection } from "./find-collection";
import { db } from "../db";
import { updateEntry } from "./update-entry";
import type { Owner } from "./owner";
import { logger } from "../log/logger";

export type BulkResult = { index: number; status: number } & Record<string, unknown>;

const updateItem = updateEntryBody.extend({ id: z.string().min(1).max(100) });

export async function bulkEntries(options: { owner: Owner; collectionId: string; request: BulkRequest }): Promise<{ results: BulkResult[] }> {
  const { owner, collectionId, request } = options;
  await findCollection(db(), { ownerId: owner.id, slug: collectionId });
  const results: BulkResult[] = [];
  if (request.kind === "delete") {
    for (const [index, entryId] of request.ids.entries()) {
      results.push(await settle(index, entryId, async () => ({ status: 200, ...(await deleteEntry({ owner, collectionId, entryId, force: request.force })) })));
    }
  } else if (request.kind === "create") {
    for (const [index, item] of request.items.entries()) {
      const parsed = createEntryBody.safeParse(item);
      if (!parsed.success) {
        results.push({ index, status: 400, error: "Invalid input", issues: toIssues(parsed.error) });
        continue;
      }
      results.push(await settle(index, undefined, async () => ({ status: 201, ...(await createEntry({ owner, collectionId, input: parsed.data })) })));
    }
  } else {
    for (const [index, item] of request.items.entries()) {
      const parsed = updateItem.safeParse(item);
      const id = typeof (item as { id?: unknown })?.id === "string" ? (item as { id: string }).id : undefined;
      if (!parsed.success) {
        results.push({ index, status: 400, ...(id ? { id } : {}), error: "Invalid input", issues: toIssues(parsed.error) });
        continue;
      }
      const { id: entryId, ...input } = parsed.data;
      results.push(await settle(index, entryId, async () => ({ status: 200, ...(await updateEntry({ owner, collectionId, entryId, input })) })));
    }
  }
  return { results };
}

async function settle(index: number, id: string | undefined, run: () => Promise<{ status: number } & object>): Promise<BulkResult> {
  try {
    return { index, ...(id ? { id } : {}), ...(await run()) };
  } catch (err) {
    if (err instanceof ApiError) return { index, status: err.status, ...(id ? { id } : {}), ...err.body };
    // Earlier items are committed; report this one and carry on rather than hide what was applied.
    logger().error({ index, err }, "collections bulk item failed");
    return { index, status: 500, ...(id ? { id } : {}), error: "Internal server error" };
  }
}
