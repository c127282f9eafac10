// The request bodies of the account routes (ACCOUNTS.md), and their response shapes for the
// OpenAPI document. Username rules are the CLI's (lib/users/user-input.ts); passwords follow
// password-rules.ts.
import { z } from "zod";
import { createUserInputSchema } from "../users/user-input";
import { newPasswordSchema } from "./password-rules";

export const accountEmailSchema = z
  .email({ error: "Enter a valid email address" })
  .max(254, "At most 254 characters")
  .transform((value) => value.toLowerCase());

const username = createUserInputSchema.shape.username;

export const setupInputSchema = z
  .object({
    code: z.string().min(1, "Enter the setup code").max(200),
    username,
    email: accountEmailSchema,
    password: newPasswordSchema,
  })
  .meta({ id: "SetupInput" });

export const signUpInputSchema = z
  .object({
    username,
    email: accountEmailSchema,
    password: newPasswordSchema,
    invitation: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "An invitation's token (TEAMS.md): sign-up then works with REGISTRATION=invite, the email must be the invited one, and the account joins the project verified." }),
  })
  .meta({ id: "SignUpInput" });

export const ssoSignUpInputSchema = z.object({ username }).meta({ id: "SsoSignUpInput" });

export const createdAccountSchema = z
  .object({ id: z.string(), username: z.string(), email: z.string(), plan: z.enum(["free", "pro"]) })
  .meta({ id: "CreatedAccount" });

export const signedUpAccountSchema = createdAccountSchema
  .extend({ plan: z.literal("free"), emailVerified: z.boolean().meta({ description: "false, except for a sign-up with an invitation to this address." }) })
  .meta({ id: "SignedUpAccount" });

export const ssoSignedUpAccountSchema = createdAccountSchema
  .extend({ plan: z.literal("free"), emailVerified: z.literal(true) })
  .meta({ id: "SsoSignedUpAccount" });

export const tokenInputSchema = z.object({ token: z.string().meta({ description: "The `token` of the mailed link." }) }).meta({ id: "AccountLinkInput" });

export const passwordResetRequestSchema = z.object({ email: z.string().max(1000) }).meta({ id: "PasswordResetRequest" });

export const passwordResetConfirmSchema = z
  .object({ token: z.string(), password: newPasswordSchema })
  .meta({ id: "PasswordResetConfirm" });

export const deleteAccountInputSchema = z.object({ password: z.string().max(1000) }).meta({ id: "DeleteAccountInput" });

/**
 * PATCH /api/me (session only): any of display name, avatar, email (confirmed by a link to the
 * new address) and password; an email or password change needs `currentPassword`.
 */
export const updateAccountInputSchema = z
  .strictObject({
    // An empty name hands the blog's name back to the username.
    displayName: z
      .string()
      .trim()
      .max(100, "At most 100 characters")
      .nullable()
      .transform((value) => (value ? value : null))
      .optional(),
    avatar: z
      .url({ protocol: /^https?$/, error: "Enter an http(s) URL" })
      .max(2048, "At most 2048 characters")
      .nullable()
      .optional()
      .meta({ description: "An image URL; null removes it." }),
    email: accountEmailSchema.optional().meta({ description: "The new address: it gets a confirmation link; until it is followed the account keeps its address." }),
    password: newPasswordSchema.optional().meta({ description: "The new password: other sessions end, this one stays (its cookie is re-issued)." }),
    currentPassword: z.string().max(1000).optional().meta({ description: "Required with `email` or `password`." }),
  })
  .superRefine((input, ctx) => {
    if ((input.email !== undefined || input.password !== undefined) && !input.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["currentPassword"], message: "Enter your current password" });
    }
  })
  .meta({ id: "UpdateAccountInput" });
export type UpdateAccountInput = z.output<typeof updateAccountInputSchema>;
