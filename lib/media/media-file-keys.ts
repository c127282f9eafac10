// Every storage key of a medium: its original and its variants.
import { mediaKey } from "./media-urls";
import { storedVariants, type MediaRow } from "./to-media";

export function mediaFileKeys(row: Pick<MediaRow, "id" | "storedName" | "variants">): string[] {
  return [mediaKey(row.id, row.storedName), ...storedVariants(row).map((variant) => mediaKey(row.id, variant.name))];
}
