// PUT /api/collections/:id/entries/:entryId/labels/:name: a move now (200, point-label.ts), or
// with `at` more than 5 s ahead a scheduled move (202, schedule-label-move.ts). An `at` in the
// past or within 5 s moves now, as a PUT without it does.
import type { PutLabelInput } from "./label-input";
import { SCHEDULE_THRESHOLD_MS } from "./label-input";
import { pointLabel, type LabelResponse } from "./point-label";
import { scheduleLabelMove, type ScheduledMoveCreated } from "./schedule-label-move";
import type { Owner } from "./owner";

export async function putLabel(options: {
  owner: Owner;
  collectionId: string;
  entryId: string;
  name: string;
  input: PutLabelInput;
}): Promise<{ status: 200; body: LabelResponse } | { status: 202; body: ScheduledMoveCreated }> {
  const { input, ...target } = options;
  const at = input.at === undefined ? null : new Date(input.at);
  if (at && at.getTime() - Date.now() > SCHEDULE_THRESHOLD_MS) {
    return { status: 202, body: await scheduleLabelMove({ ...target, version: input.version, meta: input.meta, at }) };
  }
  return { status: 200, body: await pointLabel({ ...target, input }) };
}
