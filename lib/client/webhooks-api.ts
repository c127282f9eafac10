// The webhook endpoints the dashboard calls (DASHBOARD.md "Webhooks"), through the SDK's typed
// resource methods.
import type { EventType } from "@/lib/webhooks/event-types";
import { viaSdk } from "./api-client";

type Endpoint = { id: string; url: string; events: string[]; active: boolean };

// The forms hold event names as plain strings (checkbox values); the API refuses an unknown one with 400.
const asEvents = (events: string[] | undefined) => events as EventType[] | undefined;

export async function createEndpoint(input: { url: string; events: string[] }): Promise<Endpoint & { secret: string }> {
  return viaSdk((inkbase) => inkbase.webhooks.create({ url: input.url, events: asEvents(input.events) }));
}

export async function updateEndpoint(id: string, input: { events?: string[]; active?: boolean; url?: string }): Promise<Endpoint> {
  return viaSdk((inkbase) => inkbase.webhooks.update(id, { ...input, events: asEvents(input.events) }));
}

export async function deleteEndpoint(id: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.webhooks.delete(id));
}

export async function rotateSecret(id: string): Promise<{ secret: string; previousSecretExpiresAt: string }> {
  return viaSdk((inkbase) => inkbase.webhooks.rotateSecret(id));
}

export async function sendTestEvent(id: string): Promise<{ deliveryId: string }> {
  return viaSdk((inkbase) => inkbase.webhooks.test(id));
}

export async function redeliver(id: string, deliveryId: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.webhooks.deliveries.redeliver(id, deliveryId));
}

export async function redeliverFailed(id: string, since: string): Promise<{ deliveryIds: string[]; hasMore: boolean }> {
  return viaSdk((inkbase) => inkbase.webhooks.deliveries.redeliverFailed(id, { since }));
}

/**
 * Attempts run right after the API's 202: wait (up to about 15 s) until the delivery has logged
 * `count` attempts, so the page can refresh with the outcome instead of a stale "pending".
 */
export async function waitForAttempts(id: string, deliveryId: string, count: number): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    const delivery = await viaSdk((inkbase) => inkbase.webhooks.deliveries.get(id, deliveryId));
    if (delivery.attempts.length >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
