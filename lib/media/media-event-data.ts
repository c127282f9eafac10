// `data` of media.created and media.deleted: `{ media: { id, filename, url } }` (MEDIA.md).
import { mediaUrl } from "./media-urls";

export function mediaEventData(media: { id: string; filename: string; storedName: string }) {
  return { media: { id: media.id, filename: media.filename, url: mediaUrl(media.id, media.storedName) } };
}
