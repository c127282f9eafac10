import { randomInt } from "node:crypto";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `<prefix>_` + 24 uniform base62 characters (about 143 bits): ids that are safe to show. */
export function randomId(prefix: string, length = 24): string {
  let id = "";
  for (let i = 0; i < length; i++) id += BASE62[randomInt(62)];
  return `${prefix}_${id}`;
}
