// POST /api/account/signup (ACCOUNTS.md "Sign-up"): with REGISTRATION=open, a `free` account whose
// address is not verified yet, and its verification mail, in one transaction; the mail is sent
// after the answer. Order: closed (403, whatever was sent) → not set up yet (409) → input (400) →
// the per-IP throttle (429) → the account (409 for a taken username or address).
// Not set up yet: while the database holds no account, only /setup (with its code) makes one. An
// open sign-up before it would make /setup disappear and leave the deployment without its Pro
// owner account, so a stranger could keep the operator out of their own fresh deployment.
import { db } from "../db";
import { env } from "../env";
import { ApiError, conflict } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { hashPassword } from "../auth/password";
import { accountMail } from "../mail/account-mail";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { isUniqueViolation } from "../unique-violation";
import { signUpInputSchema } from "./account-input";
import { issueAccountToken } from "./issue-account-token";
import { hasAnyAccount } from "./has-any-account";
import { countSignUp } from "./sign-up-throttle";
import { signUpInvited } from "./sign-up-invited";

export const signUpClosed = () => new ApiError(403, { error: "Sign-up is by invitation only" });

export const notSetUpYet = () => conflict({ error: "Not set up yet" });

export async function signUp(options: { body: unknown; ip: string }) {
  // An invitation opens sign-up whatever REGISTRATION says (TEAMS.md "Invitations").
  const invited = typeof (options.body as { invitation?: unknown } | null)?.invitation === "string";
  if (env.registration !== "open" && !invited) throw signUpClosed();
  if (!(await hasAnyAccount())) throw notSetUpYet();
  const input = parseOrThrow(signUpInputSchema, options.body);
  if (input.invitation) return signUpInvited({ ...input, invitation: input.invitation }, options.ip);
  await countSignUp(options.ip);
  const passwordHash = await hashPassword(input.password);
  try {
    const { user, mailId } = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { username: input.username, email: input.email, passwordHash, plan: "free", emailVerifiedAt: null },
        select: { id: true, username: true, email: true },
      });
      const token = await issueAccountToken(tx, { userId: user.id, kind: "verify_email", email: user.email });
      const mailId = await enqueueMail(tx, { ...accountMail({ kind: "verify_email", to: user.email, username: user.username, token }), userId: user.id });
      return { user, mailId };
    });
    sendMailsAfterResponse([mailId]);
    return { id: user.id, username: user.username, email: user.email, plan: "free" as const, emailVerified: false as const };
  } catch (err) {
    if (isUniqueViolation(err, "username")) throw conflict({ error: "Username taken" });
    if (isUniqueViolation(err, "email")) throw conflict({ error: "Email already registered" });
    throw err;
  }
}
