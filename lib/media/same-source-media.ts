// The answer of the media pipeline's last step (write-media-row.ts) to an import that asked it to
// reuse: the owner's library has gained a medium of the same source bytes since the import looked
// (another import copied the same image at the same moment). No row was written; createMedia
// deletes the files it stored, as after any failure of that step, and the import points at this
// medium instead (portability/copy-images.ts).
import type { MediaRow } from "./to-media";

export class SameSourceMedia extends Error {
  constructor(readonly media: MediaRow) {
    super(`the library already holds ${media.id} from the same source bytes`);
    this.name = "SameSourceMedia";
  }
}
