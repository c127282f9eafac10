// POST /api/account/setup (ACCOUNTS.md "First run"): the first account, made with the setup code.
// Order: already set up (409, whatever was sent) → input (400) → the code, throttled like sign-in
// per client IP (429, then 403 "Invalid setup code") → the account: plan `pro`, email counted as
// verified. The existence check and the insert run under one advisory lock, so two setups racing
// make exactly one account and the other gets the 409. The generated code is deleted with it.
import { db } from "../db";
import { ApiError, conflict } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { hashPassword } from "../auth/password";
import { isUniqueViolation } from "../unique-violation";
import { setupInputSchema } from "./account-input";
import { hasAnyAccount } from "./has-any-account";
import { isSetupCode, SETUP_CODE_SETTING } from "./setup-code";
import { throttledCheck } from "./throttled-check";

export const alreadySetUp = () => conflict({ error: "Already set up" });

export async function completeSetup(options: { body: unknown; ip: string }) {
  if (await hasAnyAccount()) throw alreadySetUp();
  const input = parseOrThrow(setupInputSchema, options.body);
  await throttledCheck({ email: null, ip: options.ip }, () => isSetupCode(input.code), () => new ApiError(403, { error: "Invalid setup code" }));
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('inkbase:setup', 0))`;
      const [{ any }] = await tx.$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "User") AS any`;
      if (any) throw alreadySetUp();
      const user = await tx.user.create({
        data: { username: input.username, email: input.email, passwordHash, plan: "pro", emailVerifiedAt: new Date() },
        select: { id: true, username: true, email: true, plan: true },
      });
      await tx.instanceSetting.deleteMany({ where: { key: SETUP_CODE_SETTING } });
      return user;
    });
  } catch (err) {
    // An account made meanwhile by other means (the admin CLI) with the same name.
    if (isUniqueViolation(err)) throw alreadySetUp();
    throw err;
  }
}
