// Ids in the shape Prisma's `@default(cuid())` gives (cuid v1: "c", the time in base 36, a
// counter, a host fingerprint and random blocks; 25 lowercase characters), for rows inserted by
// raw statements (lib/db-sql.ts) beside rows Prisma inserts, so every entry id looks alike. Unlike
// cuid v1's Math.random, the random blocks come from the CSPRNG.
import { randomInt } from "node:crypto";
import { hostname } from "node:os";

const BASE = 36;
const BLOCK = 4;
const DISCRETE = BASE ** BLOCK;

const pad = (text: string, size: number) => text.padStart(size, "0").slice(-size);
const block = () => pad(randomInt(DISCRETE).toString(BASE), BLOCK);

let counter = randomInt(DISCRETE);
const fingerprint = (() => {
  const pid = pad(process.pid.toString(BASE), 2);
  const host = [...hostname()].reduce((sum, char) => sum + char.charCodeAt(0), hostname().length + BASE);
  return pid + pad(host.toString(BASE), 2);
})();

export function cuid(): string {
  counter = counter < DISCRETE - 1 ? counter + 1 : 0;
  return `c${pad(Date.now().toString(BASE), 8)}${pad(counter.toString(BASE), BLOCK)}${fingerprint}${block()}${block()}`;
}
