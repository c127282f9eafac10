// POST /api/account/setup – the first account, with the setup code (201); 409 once any account exists
import { z } from "zod";
import { completeSetup } from "@/lib/accounts/complete-setup";
import { createdAccountSchema, setupInputSchema } from "@/lib/accounts/account-input";
import { api } from "@/lib/http/api";
import { clientIp } from "@/lib/http/client-ip";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  // Parsed by completeSetup after the "already set up" check: a deployment that has an account
  // answers 409 to anything.
  body: z.unknown(),
  docs: {
    summary: "First-run setup",
    description:
      "Creates the first account (plan `pro`, email counted as verified) while the database holds none. `code` is `SETUP_CODE`, or the code the server prints at start. A wrong code is throttled like a sign-in (429 with `Retry-After`).",
    tag: "Account",
    body: setupInputSchema,
    responses: { 201: { description: "The account; sign in with its email and password.", schema: createdAccountSchema } },
    errors: { 403: "`Invalid setup code`", 409: "`Already set up`: an account exists.", 429: "Too many wrong codes from this client IP (the sign-in throttle)." },
  },
  handler: async ({ req, body }) => Response.json(await completeSetup({ body, ip: clientIp(req) }), { status: 201 }),
});
