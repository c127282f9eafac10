// Pipeline step 1: what the bytes are, read from their magic numbers (file-type), never from the
// name or Content-Type. Those only have to agree: a name or a declared type that says another
// image format is a mismatch, and a mismatch is as unsupported as SVG or text (415). SVG is never
// accepted: it is XML that can carry script.
import { fileTypeFromBuffer } from "file-type";
import { ApiError } from "../http/api-error";
import { imageTypeOfMime, imageTypeOfName, type ImageMimeType } from "./image-types";

export const unsupportedMediaType = () => new ApiError(415, { error: "Unsupported media type" });

export async function sniffImageType(input: { bytes: Uint8Array; filename: string; declaredType?: string | null }): Promise<ImageMimeType> {
  const found = await fileTypeFromBuffer(input.bytes);
  const type = found ? imageTypeOfMime(found.mime) : null;
  if (!type) throw unsupportedMediaType();
  const named = imageTypeOfName(input.filename);
  if (named !== null && named !== type) throw unsupportedMediaType();
  const declared = input.declaredType?.split(";")[0].trim().toLowerCase();
  // A generic type (application/octet-stream, none) claims nothing; an image/* type must match.
  if (declared?.startsWith("image/") && imageTypeOfMime(declared) !== type) throw unsupportedMediaType();
  return type;
}
