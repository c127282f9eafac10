// The scaffolding of the Idempotency-Key tests (tests/db/idempotency*.test.ts): requests built
// as the route wrapper receives them, a keyed user, a route that counts its runs, and the stored
// key rows of a user.
import { NextRequest } from "next/server";
import { z } from "zod";
import { api } from "../../lib/http/api";
import { sql } from "../../lib/db-sql";
import { createTestKey, createTestUser } from "./fixtures";

export const noParams = { params: Promise.resolve({}) };
export type Init = { method?: string; headers?: Record<string, string>; body?: BodyInit };

export function request(path: string, init: Init = {}) {
  return new NextRequest(new URL(path, "http://inkbase.test"), { method: init.method ?? "POST", headers: init.headers, body: init.body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
}

export async function keyed(scopes: Parameters<typeof createTestKey>[1] = ["posts:write"]) {
  const user = await createTestUser();
  const key = await createTestKey(user.id, scopes);
  return { user, key, auth: { Authorization: `Bearer ${key}` } };
}

/** A route that counts its runs and answers 201 with Location and ETag. */
export function countingRoute() {
  const runs: unknown[] = [];
  const route = api({
    auth: "key-or-session",
    body: z.object({ title: z.string() }),
    handler: async ({ body }) => {
      runs.push(body);
      return Response.json({ n: runs.length, title: body.title }, { status: 201, headers: { Location: `/things/${runs.length}`, ETag: `"v${runs.length}"` } });
    },
  });
  return { route, runs };
}

const json = (value: unknown) => ({ "Content-Type": "application/json", body: JSON.stringify(value) });
export function post(headers: Record<string, string>, body: unknown, path = "/things", method = "POST") {
  const { body: text, ...contentType } = json(body);
  return request(path, { method, headers: { ...headers, ...contentType }, body: text });
}

export async function rows(userId: string) {
  return sql().$queryRaw<{ key: string; status: number | null; apiKeyId: string }[]>`SELECT key, status, "apiKeyId" FROM "IdempotencyKey" WHERE "userId" = ${userId}`;
}
