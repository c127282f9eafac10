import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { PageHeader } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { AddEndpointDialog } from "@/components/webhooks/add-endpoint-dialog";
import { DeliveryStatusBadge } from "@/components/webhooks/delivery-status-badge";
import styles from "@/components/webhooks/webhooks.module.css";
import { requireProject } from "@/lib/dashboard/current-project";
import { env } from "@/lib/env";
import { EVENT_TYPES } from "@/lib/webhooks/event-types";
import { MAX_WEBHOOKS } from "@/lib/webhooks/create-webhook-subscription";
import { listWebhookSubscriptions } from "@/lib/webhooks/list-webhook-subscriptions";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage() {
  const { principal } = await requireProject();
  const endpoints = await listWebhookSubscriptions({ ownerId: principal.projectId });
  const full = endpoints.length >= MAX_WEBHOOKS;
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={<>Signed HTTP POSTs to your endpoints on every change. Up to {MAX_WEBHOOKS} endpoints; the delivery log keeps {env.webhookLogRetentionDays} days.</>}
        actions={full ? <p className={styles.note}>Endpoint limit reached: delete one to add another.</p> : <AddEndpointDialog eventTypes={EVENT_TYPES} allowPrivate={env.webhookAllowPrivateTargets} />}
      />
      {endpoints.length === 0 ? (
        <EmptyState title="No endpoints yet">Add an endpoint, then send it a test event to check that it receives and verifies deliveries.</EmptyState>
      ) : (
        <Table label="Endpoints">
          <thead>
            <tr>
              <Th>URL</Th>
              <Th>Events</Th>
              <Th>Active</Th>
              <Th>Last delivery</Th>
              <Th>Failures (24 h)</Th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <td className={cellClass.primary}>
                  <Link href={`/dashboard/webhooks/${endpoint.id}`} className={styles.url}>{endpoint.url}</Link>
                </td>
                <td>
                  {endpoint.events.length === EVENT_TYPES.length ? (
                    "All events"
                  ) : (
                    <span className={styles.eventList}>{endpoint.events.map((type) => <Badge key={type}>{type}</Badge>)}</span>
                  )}
                </td>
                <td className={cellClass.nowrap}>
                  {endpoint.active ? <Badge tone="success">Active</Badge> : <Badge tone="warning" title={endpoint.disabledReason ?? undefined}>{endpoint.disabledReason ? `Off: ${endpoint.disabledReason}` : "Off"}</Badge>}
                </td>
                <td className={cellClass.nowrap}>
                  {endpoint.lastDelivery ? (
                    <>
                      <DeliveryStatusBadge status={endpoint.lastDelivery.status} statusCode={endpoint.lastDelivery.statusCode} /> <code>{endpoint.lastDelivery.eventType}</code>{" "}
                      <span className={styles.muted}><LocalTime iso={endpoint.lastDelivery.at} /></span>
                    </>
                  ) : (
                    <span className={styles.muted}>None yet</span>
                  )}
                </td>
                <td className={cellClass.nowrap}>{endpoint.failures24h ? <Badge tone="danger">{endpoint.failures24h}</Badge> : "0"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
