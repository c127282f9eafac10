// GET …/entries/:entryId/labels/:name/history (DASHBOARD "Label history"): every move of one
// label, newest first. One range of the LabelMove (entryId, name, id DESC) index, so the cost is
// the number of moves of that label, whatever else the entry went through. A label that never
// existed has an empty history; a removed one keeps its past.
import { db } from "../db";
import { findEntry } from "./find-entry";
import { actorFromColumns, type Actor, type Owner } from "./owner";
import { formatVersion } from "./version-id";

export type LabelMoveResponse = {
  label: string;
  version: string | null;
  previousVersion: string | null;
  movedAt: string;
  movedBy: Actor;
  /** Present (true) when the tick made the move from a scheduled one; `movedBy` is who scheduled it. */
  scheduled?: true;
};

/** The columns toLabelMove reads. */
export const LABEL_MOVE_SELECT = { name: true, version: true, previousVersion: true, movedAt: true, actorType: true, actorId: true, actorPrefix: true, scheduled: true } as const;

export async function listLabelMoves(options: {
  owner: Owner;
  collectionId: string;
  entryId: string;
  name: string;
}): Promise<{ data: LabelMoveResponse[] }> {
  const { entry } = await findEntry(db(), { ownerId: options.owner.id, collectionId: options.collectionId, entryId: options.entryId });
  const rows = await db().labelMove.findMany({
    where: { entryId: entry.id, name: options.name },
    orderBy: { id: "desc" },
    select: LABEL_MOVE_SELECT,
  });
  return { data: rows.map(toLabelMove) };
}

export function toLabelMove(row: {
  name: string;
  version: number | null;
  previousVersion: number | null;
  movedAt: Date;
  actorType: string;
  actorId: string;
  actorPrefix: string | null;
  scheduled: boolean;
}): LabelMoveResponse {
  return {
    label: row.name,
    version: row.version === null ? null : formatVersion(row.version),
    previousVersion: row.previousVersion === null ? null : formatVersion(row.previousVersion),
    movedAt: row.movedAt.toISOString(),
    movedBy: actorFromColumns(row.actorType, row.actorId, row.actorPrefix),
    ...(row.scheduled ? { scheduled: true as const } : {}),
  };
}
