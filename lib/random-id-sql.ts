// randomId (./random-id.ts) as SQL, for ids a statement makes for rows it decides on itself (the
// delivery rows of an event, one per subscriber it finds): `<prefix>_` + 24 base62 characters.
// Each character is one byte of gen_random_uuid() (built into PostgreSQL 13+ and PGlite; a
// strong random source) reduced modulo 62, skipping the bytes a version-4 UUID fixes (its version
// and variant bits). The reduction favours 8 of the 62 characters slightly (5/256 against 4/256),
// about 143 bits all the same: plenty for an identifier that is unique, not secret.
import { Prisma } from "./generated/prisma/client";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// Bytes 6 and 8 of each UUID (22 and 24 of the pair) hold fixed bits.
const RANDOM_BYTES = [0, 1, 2, 3, 4, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 23, 25, 26, 27];

/**
 * A new id per evaluation. `row`: an expression of the current row (any column), which makes the
 * sub-select correlated, so PostgreSQL evaluates it for each row instead of once per statement.
 */
export function randomIdSql(prefix: string, row: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT ${prefix + "_"}::text || string_agg(substr(${BASE62}::text, 1 + get_byte(r.b, k) % 62, 1), '' ORDER BY n)
    FROM (SELECT uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) AS b WHERE ${row} IS NOT NULL) r,
      unnest(${RANDOM_BYTES}::int[]) WITH ORDINALITY AS u(k, n))`;
}
