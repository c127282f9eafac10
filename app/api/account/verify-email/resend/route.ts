// POST /api/account/verify-email/resend – a new verification link to the signed-in account's address (202, session only)
import { z } from "zod";
import { resendVerification } from "@/lib/accounts/resend-verification";
import { api } from "@/lib/http/api";

export const runtime = "nodejs";

export const POST = api({
  auth: "session",
  idempotency: "none",
  docs: {
    summary: "Resend the verification mail",
    description: "Voids earlier links. Nothing is sent for an address already verified. At most five an hour (429).",
    tag: "Account",
    responses: { 202: { description: "Queued (or nothing to do).", schema: z.object({}) } },
    errors: { 429: "More than five an hour for this account." },
  },
  handler: async ({ principal }) => Response.json(await resendVerification({ principal }), { status: 202 }),
});
