// Prisma 7 with a driver adapter reports unique violations as P2002 without `meta.target`; the
// constraint name sits under meta.driverAdapterError.cause.constraint (ENVIRONMENT.md). A raw
// statement ($queryRaw) reports the same violation as P2010 with cause.kind
// "UniqueConstraintViolation". A statement run on pg directly (lib/db-sql.ts) reports it as pg's
// own error: SQLSTATE 23505 with the constraint's name.
import pg from "pg";
import { Prisma } from "./generated/prisma/client";

export function isUniqueViolation(err: unknown, field?: string): boolean {
  if (err instanceof pg.DatabaseError) return err.code === "23505" && (!field || namesField(err.constraint ?? "", field));
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  const meta = err.meta as
    | { target?: string[] | string; driverAdapterError?: { cause?: { kind?: string; constraint?: { index?: string; fields?: string[] } } } }
    | undefined;
  const cause = meta?.driverAdapterError?.cause;
  if (err.code !== "P2002" && !(err.code === "P2010" && cause?.kind === "UniqueConstraintViolation")) return false;
  if (!field) return true;
  const constraint = cause?.constraint;
  const names = [
    ...(Array.isArray(meta?.target) ? meta.target : meta?.target ? [meta.target] : []),
    ...(constraint?.fields ?? []),
    constraint?.index ?? "",
  ];
  return names.some((name) => namesField(name, field));
}

/** `slug`, or an index name such as `Entry_collectionPk_slug_key`. */
function namesField(name: string, field: string): boolean {
  return name === field || name.includes(`_${field}_`) || name.endsWith(`_${field}`);
}
