// Where post revisions (issue 23) plug into portability, in one place: an imported post gets a
// revision through the history writer, and the JSON export reads each post's revisions. Until the
// revision table exists these are no-ops, and an exported post has no `revisions`.
import type { Tx } from "../db";
import type { ImportPost } from "./import-item";

export async function recordImportRevision(
  _tx: Tx,
  _options: { owner: { id: string; username: string }; postId: string; item: ImportPost; now: Date; created: boolean },
): Promise<void> {}

/** Each post's revisions for the export, oldest first; undefined where none are kept. */
export async function revisionsForExport(_postIds: string[]): Promise<Map<string, unknown[]> | undefined> {
  return undefined;
}
