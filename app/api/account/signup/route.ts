// POST /api/account/signup – a new free, unverified account (201) with REGISTRATION=open; a verification mail is sent
import { z } from "zod";
import { signedUpAccountSchema, signUpInputSchema } from "@/lib/accounts/account-input";
import { signUp } from "@/lib/accounts/sign-up";
import { api } from "@/lib/http/api";
import { clientIp } from "@/lib/http/client-ip";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  // Parsed by signUp after the registration check: a closed instance answers 403 to anything.
  body: z.unknown(),
  docs: {
    summary: "Sign up",
    description:
      "Only with `REGISTRATION=open`, or with an invitation's `invitation` token (the invited address only; the account is verified and joins the project). Passwords: 10–256 characters, not among the 10,000 most common. Five sign-ups an hour per client IP (429 with `Retry-After`). The account can write drafts at once; publishing, scheduling and keys wait for the mailed verification link.",
    tag: "Account",
    body: signUpInputSchema,
    responses: { 201: { description: "The account; sign in with its email and password.", schema: signedUpAccountSchema } },
    errors: { 403: "`Sign-up is by invitation only`, or `This invitation is for another email address`.", 410: "`Invitation expired` or `Invitation no longer valid` (with `invitation`).", 429: "More than five sign-ups an hour from this client IP.", 409: "`Username taken` or `Email already registered`; `Not set up yet` while no account exists (the first one is made at `/setup`)." },
  },
  handler: async ({ req, body }) => Response.json(await signUp({ body, ip: clientIp(req) }), { status: 201 }),
});
