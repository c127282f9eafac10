// The first-run setup code (ACCOUNTS.md): SETUP_CODE when set; otherwise generated once, kept in
// the database (InstanceSetting `setup_code`) and printed at every server start while no account
// exists (announce-setup.ts). Generated codes are XXXX-XXXX-XXXX from Crockford's base32 alphabet
// (no I, L, O, U): 60 bits, and a person can read it off a log and type it. Compared without
// case, spaces or hyphens.
import { randomInt, timingSafeEqual, createHash } from "node:crypto";
import { db } from "../db";
import { env } from "../env";

export const SETUP_CODE_SETTING = "setup_code";
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function generateSetupCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join("")).join("-");
}

/** The code in force: SETUP_CODE, else the stored one, made now if there is none (race-safe). */
export async function setupCode(): Promise<{ code: string; fromEnvironment: boolean }> {
  const configured = env.setupCode;
  if (configured) return { code: configured, fromEnvironment: true };
  // Two instances starting at once both insert; the first wins and both read its code.
  await db().$executeRaw`
    INSERT INTO "InstanceSetting" (key, value, "updatedAt") VALUES (${SETUP_CODE_SETTING}, ${generateSetupCode()}, now())
    ON CONFLICT (key) DO NOTHING`;
  const row = await db().instanceSetting.findUniqueOrThrow({ where: { key: SETUP_CODE_SETTING } });
  return { code: row.value, fromEnvironment: false };
}

const normalize = (code: string) => code.replace(/[\s-]+/g, "").toUpperCase();
const digest = (code: string) => createHash("sha256").update(normalize(code)).digest();

export async function isSetupCode(candidate: string): Promise<boolean> {
  const { code } = await setupCode();
  return timingSafeEqual(digest(candidate), digest(code));
}
