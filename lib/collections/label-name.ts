// Label names (DECISIONS §4): 1 to 100 characters of letters, digits, `-`, `_` and `.`.
import { z } from "zod";

export const PRODUCTION = "production";

export const labelNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,100}$/, "A label name is 1 to 100 letters, digits, -, _ or .");
