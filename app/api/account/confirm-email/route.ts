// POST /api/account/confirm-email – follows the link sent to a new address { token } → { email }
import { z } from "zod";
import { tokenInputSchema } from "@/lib/accounts/account-input";
import { confirmEmailChange } from "@/lib/accounts/confirm-email-change";
import { api } from "@/lib/http/api";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  body: z.unknown(),
  docs: {
    summary: "Confirm an email change",
    description: "The `token` of the link `/confirm-email?token=…` sent to the new address (24 h, once). The old address gets a notice.",
    tag: "Account",
    body: tokenInputSchema,
    responses: { 200: { description: "The account's address now.", schema: z.object({ email: z.string() }) } },
    errors: { 400: "`Invalid or expired link`.", 409: "`Email already registered`: another account took the address meanwhile." },
  },
  handler: ({ body }) => confirmEmailChange({ body }),
});
