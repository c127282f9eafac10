// POST /api/account/password-reset/confirm – sets a new password with the reset link { token, password }; every session ends
import { z } from "zod";
import { passwordResetConfirmSchema } from "@/lib/accounts/account-input";
import { confirmPasswordReset } from "@/lib/accounts/confirm-password-reset";
import { api } from "@/lib/http/api";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  // The link is judged before the password (confirmPasswordReset).
  body: z.unknown(),
  docs: {
    summary: "Set a new password with a reset link",
    description: "Every session of the account ends and its sign-in throttle is cleared; a notice is mailed.",
    tag: "Account",
    body: passwordResetConfirmSchema,
    responses: { 200: { description: "Password set.", schema: z.object({ success: z.literal(true) }) } },
    errors: { 400: "`Invalid or expired link`, or `Invalid input` with an issue on `password`." },
  },
  handler: ({ body }) => confirmPasswordReset({ body }),
});
