// Password hashing with scrypt (Node's built-in, no native addon). Stored as
// `scrypt$N$r$p$<salt b64>$<hash b64>`, so the cost can be raised without breaking old hashes: a
// hash made with less than today's cost still verifies, and the next sign-in stores a new one
// (needsRehash, lib/users/verify-credentials.ts).
//
// Cost: N = 2^15, r = 8, p = 1 (32 MiB of memory per hash). ACCOUNTS.md asks for at least 50 ms on
// the machine that serves; `npm run bench:accounts` measures it (bench/accounts/README.md). The
// cost before issue 35 was N = 2^14.
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const N = 32768;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
// Node refuses scrypt above 32 MiB unless told (128 * N * r is exactly 32 MiB here, plus overhead).
const MAX_MEMORY = 128 * 1024 * 1024;

export const PASSWORD_HASH_COST = { N, r: R, p: P } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, { ...options, maxmem: MAX_MEMORY }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P });
  return ["scrypt", N, R, P, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, saltB64, hashB64] = stored.split("$");
  if (algorithm !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** True for a hash made with less than today's cost (or in another format): rehash it at sign-in. */
export function needsRehash(stored: string): boolean {
  const [algorithm, n, r, p] = stored.split("$");
  return algorithm !== "scrypt" || Number(n) < N || Number(r) < R || Number(p) < P;
}

/** A hash of nothing, verified against when the e-mail is unknown so both cases take as long. */
export const DUMMY_PASSWORD_HASH =
  `scrypt$${N}$${R}$${P}$AAAAAAAAAAAAAAAAAAAAAA==$` + Buffer.alloc(KEY_LENGTH).toString("base64");
