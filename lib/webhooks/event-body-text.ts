import type { Prisma } from "../generated/prisma/client";

/**
 * The exact bytes a delivery sends and signs, the same on every retry. The outbox keeps the body
 * as jsonb, which normalizes key order; the top level is written back in the DECISIONS §6 order
 * (id, type, createdAt, project, data) so the payload reads naturally. Nested keys come out in
 * jsonb's canonical order, which is stable, so a retry's body is byte-identical.
 */
export function eventBodyText(body: Prisma.JsonValue): string {
  return JSON.stringify(eventBody(body));
}

/** The stored body with its top-level keys in the DECISIONS §6 order (what the dashboard shows). */
export function eventBody(body: Prisma.JsonValue) {
  const { id, type, createdAt, project, data } = body as Record<string, Prisma.JsonValue>;
  return { id, type, createdAt, project, data };
}
