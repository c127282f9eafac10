// Prisma 7 with a driver adapter reports unique violations as P2002 without `meta.target`; the
// constraint name sits under meta.driverAdapterError.cause.constraint (ENVIRONMENT.md).
import { Prisma } from "./generated/prisma/client";

export function isUniqueViolation(err: unknown, field?: string): boolean {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== "P2002") return false;
  if (!field) return true;
  const meta = err.meta as
    | { target?: string[] | string; driverAdapterError?: { cause?: { constraint?: { index?: string; fields?: string[] } } } }
    | undefined;
  const constraint = meta?.driverAdapterError?.cause?.constraint;
  const names = [
    ...(Array.isArray(meta?.target) ? meta.target : meta?.target ? [meta.target] : []),
    ...(constraint?.fields ?? []),
    constraint?.index ?? "",
  ];
  return names.some((name) => name === field || name.includes(`_${field}_`) || name.endsWith(`_${field}`));
}
