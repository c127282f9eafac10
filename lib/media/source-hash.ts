/** SHA-256 (hex) of an image's bytes as they arrived, before re-encoding (Media.sourceHash). */
import { createHash } from "node:crypto";

export const sourceHashOf = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
