// ACCOUNTS.md: 10 to 256 characters and not among the 10,000 most common passwords, for every
// password a person chooses (setup, sign-up, reset, change). The admin CLI keeps its own rule
// (lib/users/user-input.ts): the operator chooses those.
import { z } from "zod";
import { isCommonPassword } from "./common-passwords";

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 256;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)
  .refine((password) => !isCommonPassword(password), "This password is too common: choose one that is harder to guess");
