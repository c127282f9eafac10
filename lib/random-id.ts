import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `<prefix>_` + `length` uniform base62 characters (randomInt draws without modulo bias); 24
 * characters are about 143 bits. Event and delivery ids, and API keys (40).
 */
export function randomId(prefix: string, length = 24): string {
  let id = "";
  for (let i = 0; i < length; i++) id += BASE62[randomInt(62)];
  return `${prefix}_${id}`;
}
