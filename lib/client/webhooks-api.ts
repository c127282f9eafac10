// The webhook endpoints the dashboard calls (DASHBOARD.md "Webhooks").
import { apiRequest } from "./api-client";

type Endpoint = { id: string; url: string; events: string[]; active: boolean };
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

export async function createEndpoint(input: { url: string; events: string[] }): Promise<Endpoint & { secret: string }> {
  return (await apiRequest<Endpoint & { secret: string }>("POST", "/api/webhooks", { body: input })).data;
}

export async function updateEndpoint(id: string, input: { events?: string[]; active?: boolean; url?: string }): Promise<Endpoint> {
  return (await apiRequest<Endpoint>("PATCH", path(id), { body: input })).data;
}

export async function deleteEndpoint(id: string): Promise<void> {
  await apiRequest("DELETE", path(id));
}

export async function rotateSecret(id: string): Promise<{ secret: string; previousSecretExpiresAt: string }> {
  return (await apiRequest<{ secret: string; previousSecretExpiresAt: string }>("POST", `${path(id)}/rotate-secret`)).data;
}

export async function sendTestEvent(id: string): Promise<{ deliveryId: string }> {
  return (await apiRequest<{ deliveryId: string }>("POST", `${path(id)}/test`)).data;
}

export async function redeliver(id: string, deliveryId: string): Promise<void> {
  await apiRequest("POST", `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);
}

export async function redeliverFailed(id: string, since: string): Promise<{ deliveryIds: string[]; hasMore: boolean }> {
  return (await apiRequest<{ deliveryIds: string[]; hasMore: boolean }>("POST", `${path(id)}/redeliver-failed`, { body: { since } })).data;
}

/**
 * Attempts run right after the API's 202: wait (up to about 15 s) until the delivery has logged
 * `count` attempts, so the page can refresh with the outcome instead of a stale "pending".
 */
export async function waitForAttempts(id: string, deliveryId: string, count: number): Promise<boolean> {
  for (let i = 0; i < 30; i++) {
    const { data } = await apiRequest<{ attempts: unknown[] }>("GET", `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}`);
    if (data.attempts.length >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}
