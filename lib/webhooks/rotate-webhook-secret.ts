// DECISIONS §6: after a rotation the new secret signs everything, and for 24 hours the previous
// one signs too (in `webhook-signature`), so receivers can switch over without dropping events.
// Rotating again within the overlap ends the older secret at once: only the last two exist.
import { auditInsertSql } from "../audit/record-audit";
import { Prisma } from "../generated/prisma/client";
import type { z } from "zod";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { generateWebhookSecret } from "./generate-webhook-secret";
import type { rotatedSecretSchema } from "./webhook-response";

export const ROTATION_OVERLAP_MS = 24 * 60 * 60_000;

export async function rotateWebhookSecret(options: {
  ownerId: string;
  id: string;
}): Promise<z.output<typeof rotatedSecretSchema>> {
  if (!options.ownerId) throw new Error("rotateWebhookSecret needs an owner");
  const secret = generateWebhookSecret();
  const now = new Date();
  const previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  // One statement: SET reads the row as it was, so two concurrent rotations cannot both demote
  // the same secret and lose the one in between.
  const audit = auditInsertSql({ action: "webhook.secret_rotated", target: { type: "webhook", id: options.id } }, Prisma.sql`EXISTS (SELECT 1 FROM rotated)`);
  const rows = await db().$queryRaw<{ id: string }[]>`
    WITH rotated AS (UPDATE "WebhookSubscription"
    SET "previousSecret" = "secret",
        "secret" = ${secret},
        "previousSecretExpiresAt" = ${previousSecretExpiresAt}::timestamp(3),
        "updatedAt" = ${now}::timestamp(3)
    WHERE id = ${options.id} AND "ownerId" = ${options.ownerId}
    RETURNING id)${audit ? Prisma.sql`, audit AS (${audit})` : Prisma.empty}
    SELECT id FROM rotated`;
  if (!rows.length) throw notFound("Webhook not found");
  return { id: options.id, secret, previousSecretExpiresAt: previousSecretExpiresAt.toISOString() };
}
