// Version ids on the wire are `v_<n>`; the database stores n. Capped at nine digits so a parsed
// id always fits the INTEGER column (a longer one cannot exist and is a 400, not a 500).
import { z } from "zod";

export const VERSION_ID = /^v_([1-9][0-9]{0,8})$/;

export function formatVersion(n: number): string {
  return `v_${n}`;
}

export const versionIdSchema = z
  .string()
  .regex(VERSION_ID, "A version id looks like v_1")
  .transform((id) => Number(VERSION_ID.exec(id)![1]));
