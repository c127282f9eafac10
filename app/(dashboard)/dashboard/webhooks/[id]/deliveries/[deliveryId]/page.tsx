import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { LocalTime } from "@/components/ui/local-time";
import { DeliveryStatusBadge } from "@/components/webhooks/delivery-status-badge";
import { RedeliverButton } from "@/components/webhooks/redeliver-button";
import styles from "@/components/webhooks/webhooks.module.css";
import { requireProject } from "@/lib/dashboard/current-project";
import { orNotFound } from "@/lib/http/or-not-found";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";
import type { WebhookAttemptView } from "@/lib/webhooks/to-webhook-delivery";

export const metadata: Metadata = { title: "Webhook delivery" };

function headerText(headers: Record<string, string> | null): string {
  return headers ? Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join("\n") : "(not recorded)";
}

/** The body as sent, pretty-printed for reading when it is JSON (the raw bytes are what was signed). */
function bodyText(body: string | null): string {
  if (body === null) return "(not recorded)";
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function Attempt({ attempt, n }: { attempt: WebhookAttemptView; n: number }) {
  const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
  const titleId = `attempt-${n}`;
  return (
    <article className={`${pageStyles.card} ${styles.attempt}`} aria-labelledby={titleId}>
      <div className={styles.attemptHeader}>
        <h3 id={titleId} className={styles.attemptTitle}>
          Attempt {n} {attempt.manual ? <Badge tone="accent">manual</Badge> : null}
        </h3>
        <span className={styles.muted}><LocalTime iso={attempt.startedAt} /> · {attempt.durationMs} ms</span>
      </div>
      <div className={styles.exchange}>
        <div>
          <h4>Request</h4>
          <p className={styles.note}>POST <span className={styles.url}>{attempt.request.url ?? "(not recorded)"}</span></p>
          <pre className={styles.code} aria-label={`Attempt ${n} request headers`} tabIndex={0}>{headerText(attempt.request.headers)}</pre>
          <pre className={styles.code} aria-label={`Attempt ${n} request body`} tabIndex={0}>{bodyText(attempt.request.body)}</pre>
        </div>
        <div>
          <h4>Response</h4>
          {attempt.statusCode !== null ? (
            <>
              <p className={styles.note}><Badge tone={ok ? "success" : "danger"}>{attempt.statusCode}</Badge> in {attempt.durationMs} ms</p>
              <pre className={styles.code} aria-label={`Attempt ${n} response body`} tabIndex={0}>{attempt.responseExcerpt || "(empty body)"}</pre>
            </>
          ) : (
            <p role="note" className={styles.error}>No response: {attempt.error ?? "unknown error"}</p>
          )}
          {attempt.nextRetryAt ? (
            <p className={styles.note}>Retry scheduled for <LocalTime iso={attempt.nextRetryAt} withZone />.</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export default async function DeliveryPage({ params }: { params: Promise<{ id: string; deliveryId: string }> }) {
  const { principal } = await requireProject();
  const { id, deliveryId } = await params;
  const delivery = await orNotFound(getWebhookDelivery({ ownerId: principal.projectId, subscriptionId: id, deliveryId }));
  return (
    <>
      <p className={styles.note}><Link href={`/dashboard/webhooks/${id}`}>← Endpoint</Link></p>
      <PageHeader
        title={<>Delivery <code>{delivery.id}</code></>}
        description={<><code>{delivery.eventType}</code> · event <code>{delivery.eventId}</code></>}
        actions={<RedeliverButton endpointId={id} deliveryId={delivery.id} attempts={delivery.attempts.length} />}
      />
      <section className={pageStyles.card} aria-labelledby="delivery-facts">
        <h2 id="delivery-facts" className="visually-hidden">Delivery status</h2>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd><DeliveryStatusBadge status={delivery.status} statusCode={delivery.lastStatusCode} /></dd>
          <dt>Attempts</dt>
          <dd>{delivery.attemptCount} automatic{delivery.redeliveries ? `, ${delivery.redeliveries} manual` : ""}</dd>
          <dt>Next retry</dt>
          <dd>{delivery.nextAttemptAt ? <LocalTime iso={delivery.nextAttemptAt} withZone /> : "None"}</dd>
          <dt>Created</dt>
          <dd><LocalTime iso={delivery.createdAt} withZone /></dd>
          {delivery.lastError ? (
            <>
              <dt>Last error</dt>
              <dd>{delivery.lastError}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={pageStyles.section} aria-labelledby="attempts">
        <h2 id="attempts" className={pageStyles.sectionTitle}>Attempts</h2>
        {delivery.attempts.length === 0 ? (
          <p className={styles.note}>No attempt yet: it is queued and goes out within a minute.</p>
        ) : (
          delivery.attempts.map((attempt, i) => <Attempt key={attempt.id} attempt={attempt} n={i + 1} />)
        )}
      </section>
    </>
  );
}
