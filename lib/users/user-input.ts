// Validation rules for account fields, shared by the admin CLI and any future sign-up route.
import { z } from "zod";
import { isReservedUsername } from "./reserved-usernames";

/** DECISIONS §1: usernames are the project names in public URLs. */
export const usernameSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, "Username must be 1-40 lowercase letters, digits or inner hyphens");

export const planSchema = z.enum(["free", "pro"]);
export type PlanName = z.infer<typeof planSchema>;

export const createUserInputSchema = z.object({
  // Only new accounts: an older account with a now-reserved name can still be managed.
  username: usernameSchema.refine((username) => !isReservedUsername(username), "This username is reserved"),
  email: z.email().transform((value) => value.toLowerCase()),
  password: z.string().min(8, "Password must be at least 8 characters").max(200),
  plan: planSchema.default("free"),
  displayName: z.string().trim().min(1).max(100).optional(),
  avatar: z.url().optional(),
});
export type CreateUserInput = z.input<typeof createUserInputSchema>;
