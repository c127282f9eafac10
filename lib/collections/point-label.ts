// PUT /api/collections/:id/entries/:entryId/labels/:name (SPEC Labels), applied now: points the
// label at a retained version (publish, promote or roll back when it is `production`). Under the
// entry's row lock, so a concurrent write's retention either ran before (and the version is gone:
// 404) or runs after and sees the pin. The move itself is move-locked-label.ts; a PUT with `at`
// more than 5 s ahead is scheduled instead (put-label.ts).
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { assertStorableJson } from "./json-text";
import type { PutLabelInput } from "./label-input";
import { lockCollectionEntry } from "./lock-collection-entry";
import { moveLockedLabel, type LabelResponse } from "./move-locked-label";
import type { Owner } from "./owner";

export type { LabelResponse } from "./move-locked-label";

export async function pointLabel(
  options: { owner: Owner; collectionId: string; entryId: string; name: string; input: Pick<PutLabelInput, "version" | "meta"> },
  tx?: SqlRunner,
): Promise<LabelResponse> {
  const { owner, collectionId, entryId, name, input } = options;
  const meta = input.meta ?? null;
  assertStorableJson(JSON.stringify(meta), "meta");
  return inSqlTransaction(tx, async (tx) => {
    const { collection, entry } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    return moveLockedLabel({ owner, collection, entry, name, version: input.version, meta });
  });
}
