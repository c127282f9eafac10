import type { Metadata } from "next";
import { ProjectField, ProjectLink as Link } from "@/components/dashboard/project-link";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { Button } from "@/components/ui/button";
import { controlClass, labelClass } from "@/components/ui/control-class";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Pagination } from "@/components/ui/pagination";
import { Table, Th, cellClass } from "@/components/ui/table";
import { DeliveryStatusBadge } from "@/components/webhooks/delivery-status-badge";
import { EndpointActions } from "@/components/webhooks/endpoint-actions";
import { EndpointSettingsForm } from "@/components/webhooks/endpoint-settings-form";
import { RedeliverFailedForm } from "@/components/webhooks/redeliver-failed-form";
import styles from "@/components/webhooks/webhooks.module.css";
import { requireProject } from "@/lib/dashboard/current-project";
import { orNotFound } from "@/lib/http/or-not-found";
import { one } from "@/lib/http/search-param";
import { deliveryQuerySchema } from "@/lib/webhooks/delivery-query";
import { deliveryStatusSchema } from "@/lib/webhooks/delivery-status";
import { EVENT_TYPES, PING_EVENT } from "@/lib/webhooks/event-types";
import { getWebhookSubscription } from "@/lib/webhooks/get-webhook-subscription";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const metadata: Metadata = { title: "Webhook endpoint" };

type Search = Record<string, string | string[] | undefined>;
const LOG_EVENTS = [...EVENT_TYPES, PING_EVENT];

export default async function EndpointPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { principal } = await requireProject();
  const { id } = await params;
  const search = await searchParams;
  // Bad filters in a hand-edited URL fall back to the unfiltered first page instead of failing.
  const parsed = deliveryQuerySchema.safeParse({ status: one(search.status), event: one(search.event), page: one(search.page) });
  const query = parsed.success ? parsed.data : deliveryQuerySchema.parse({});
  // Both reads check the endpoint is the account's; either's 404 is the not-found page.
  const [endpoint, log] = await orNotFound(
    Promise.all([getWebhookSubscription({ ownerId: principal.projectId, id }), listWebhookDeliveries({ ownerId: principal.projectId, subscriptionId: id, ...query })]),
  );
  const pageCount = Math.max(1, Math.ceil(log.pageInfo.total / log.pageInfo.perPage));
  const pageHref = (page: number) => {
    const next = new URLSearchParams();
    if (query.status) next.set("status", query.status);
    if (query.event) next.set("event", query.event);
    if (page > 1) next.set("page", String(page));
    const text = next.toString();
    return `/dashboard/webhooks/${id}${text ? `?${text}` : ""}`;
  };

  return (
    <>
      <p className={styles.note}><Link href="/dashboard/webhooks">← Webhooks</Link></p>
      <PageHeader
        title={<span className={styles.titleUrl}>{endpoint.url}</span>}
        description={endpoint.active ? "Active" : `Not active${endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ""}`}
        actions={<EndpointActions id={endpoint.id} url={endpoint.url} active={endpoint.active} />}
      />
      {endpoint.previousSecretExpiresAt ? (
        <p className={styles.note}>The previous signing secret also signs <code>webhook-signature</code> until <LocalTime iso={endpoint.previousSecretExpiresAt} withZone />.</p>
      ) : null}

      <section className={pageStyles.section} aria-labelledby="settings">
        <h2 id="settings" className={pageStyles.sectionTitle}>Settings</h2>
        <div className={pageStyles.card}>
          <EndpointSettingsForm key={endpoint.updatedAt} id={endpoint.id} eventTypes={EVENT_TYPES} events={endpoint.events} active={endpoint.active} />
        </div>
      </section>

      <section className={pageStyles.section} aria-labelledby="deliveries">
        <h2 id="deliveries" className={pageStyles.sectionTitle}>Deliveries</h2>
        <div className={styles.row}>
          <form className={styles.filters} method="get" action={`/dashboard/webhooks/${id}`}>
            <ProjectField />
            <div className={styles.filter}>
              <label className={labelClass} htmlFor="filter-status">Status</label>
              <select id="filter-status" name="status" className={controlClass} defaultValue={query.status ?? ""}>
                <option value="">Any status</option>
                {deliveryStatusSchema.options.map((status) => <option key={status} value={status}>{status}</option>)}
              </select>
            </div>
            <div className={styles.filter}>
              <label className={labelClass} htmlFor="filter-event">Event</label>
              <select id="filter-event" name="event" className={controlClass} defaultValue={query.event ?? ""}>
                <option value="">Any event</option>
                {LOG_EVENTS.map((type) => <option key={type} value={type}>{type}</option>)}
              </select>
            </div>
            <Button type="submit">Filter</Button>
          </form>
          <RedeliverFailedForm id={endpoint.id} />
        </div>
        {log.data.length === 0 ? (
          <EmptyState title={query.status || query.event ? "No deliveries match" : "No deliveries yet"}>
            {query.status || query.event ? "Try another status or event." : "Send a test event to see a delivery and its attempts here."}
          </EmptyState>
        ) : (
          <Table label="Delivery log">
            <thead>
              <tr>
                <Th>Event</Th>
                <Th>Delivery</Th>
                <Th>Status</Th>
                <Th>Attempts</Th>
                <Th>Next retry</Th>
                <Th>Last response</Th>
                <Th>Time</Th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((delivery) => (
                <tr key={delivery.id}>
                  <td className={cellClass.nowrap}><code>{delivery.eventType}</code></td>
                  <td className={cellClass.nowrap}><Link href={`/dashboard/webhooks/${id}/deliveries/${delivery.id}`}><code>{delivery.id}</code></Link></td>
                  <td className={cellClass.nowrap}><DeliveryStatusBadge status={delivery.status} /></td>
                  <td className={cellClass.nowrap}>{delivery.attemptCount}{delivery.redeliveries ? ` + ${delivery.redeliveries} manual` : ""}</td>
                  <td className={cellClass.nowrap}>{delivery.nextAttemptAt ? <LocalTime iso={delivery.nextAttemptAt} /> : <span className={styles.muted}>—</span>}</td>
                  <td className={cellClass.nowrap}>{delivery.lastStatusCode ?? (delivery.lastError ? <span title={delivery.lastError}>No response</span> : <span className={styles.muted}>—</span>)}</td>
                  <td className={cellClass.nowrap}><LocalTime iso={delivery.createdAt} /></td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {log.pageInfo.total > log.pageInfo.perPage ? <Pagination page={log.pageInfo.page} pageCount={pageCount} total={log.pageInfo.total} href={pageHref} noun={["delivery", "deliveries"]} /> : null}
      </section>
    </>
  );
}
