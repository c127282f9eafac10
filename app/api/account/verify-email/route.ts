// POST /api/account/verify-email – follows the verification link { token } (no session needed) → { emailVerified: true }
import { z } from "zod";
import { tokenInputSchema } from "@/lib/accounts/account-input";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { api } from "@/lib/http/api";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  // Any token that is not a usable link, string or not, is the same 400 (verifyEmail).
  body: z.unknown(),
  docs: {
    summary: "Verify the email address",
    description: "The `token` of the link `/verify-email?token=…` mailed at sign-up: valid 24 hours, once.",
    tag: "Account",
    body: tokenInputSchema,
    responses: { 200: { description: "Verified.", schema: z.object({ emailVerified: z.literal(true) }) } },
    errors: { 400: "`Invalid or expired link` (bad, used, voided or expired)." },
  },
  handler: ({ body }) => verifyEmail({ body }),
});
