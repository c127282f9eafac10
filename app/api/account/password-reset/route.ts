// POST /api/account/password-reset – mails a reset link { email }; 202 {} whatever the address
import { z } from "zod";
import { passwordResetRequestSchema } from "@/lib/accounts/account-input";
import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { api } from "@/lib/http/api";
import { clientIp } from "@/lib/http/client-ip";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  body: passwordResetRequestSchema,
  docs: {
    summary: "Ask for a password reset link",
    description:
      "Always `202 {}`, in the same time, whether or not an account uses the address (an unknown one gets no mail). The link `/reset-password?token=…` is valid 1 hour, once; a newer link voids older ones.",
    tag: "Account",
    responses: { 202: { description: "Accepted.", schema: z.object({}) } },
    errors: { 429: "More than twenty requests an hour from this client IP." },
  },
  handler: async ({ req, body }) => Response.json(await requestPasswordReset({ body, ip: clientIp(req) }), { status: 202 }),
});
