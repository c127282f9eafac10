// A statement's value that the planner cannot see: sent as a parameter inside a sub-select, which
// PostgreSQL evaluates once per execution (an InitPlan) and still uses as an index condition, but
// never estimates from. Why: a named statement (lib/db-statement-names.ts) is planned for each
// call's values at first, and PostgreSQL keeps its generic plan only if that costs no more than the
// tailored ones did. A visible value (a project, the clock, `LIMIT 50`, an array of one id) made
// the tailored plans look cheaper on paper, so hot statements were planned anew on every call, as
// long as running them (bench/README.md, "Plans kept"). Hidden, every call costs the same and the
// one plan is kept. Only for values whose best plan does not depend on them: a short search's
// pattern does (lib/posts/search-post-ids.ts), and stays visible.
import { Prisma } from "./generated/prisma/client";

export type OpaqueType = "text" | "int" | "timestamp" | "text[]";

export function opaque(value: unknown, type: OpaqueType): Prisma.Sql {
  return Prisma.sql`(SELECT ${value}::${Prisma.raw(type)})`;
}
