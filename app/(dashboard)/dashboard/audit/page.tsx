import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { AuditFilters, type AuditFilterValues, type AuditPerson } from "@/components/audit/audit-filters";
import styles from "@/components/audit/audit.module.css";
import { PageHeader } from "@/components/dashboard/page-header";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { auditQuerySchema } from "@/lib/audit/audit-query";
import type { AuditEventBody } from "@/lib/audit/audit-response";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { can } from "@/lib/auth/can";
import { requireProject } from "@/lib/dashboard/current-project";
import { listApiKeys } from "@/lib/auth/list-api-keys";
import { listMembers } from "@/lib/members/list-members";
import { one } from "@/lib/http/search-param";

export const metadata: Metadata = { title: "Audit log" };

type Search = Record<string, string | string[] | undefined>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readFilters(search: Search): AuditFilterValues & { cursor?: string } {
  const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
  return {
    person: one(search.person)?.slice(0, 200) || undefined,
    action: one(search.action)?.slice(0, 100) || undefined,
    from: day(one(search.from)),
    to: day(one(search.to)),
    cursor: one(search.cursor)?.slice(0, 300) || undefined,
  };
}

/** The API's query for the page's filters: whole days in UTC, both ends inclusive. */
function apiParams(filters: AuditFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.person) params.set("actor", filters.person);
  if (filters.action) params.set("action", filters.action);
  if (filters.from) params.set("since", `${filters.from}T00:00:00.000Z`);
  if (filters.to) params.set("until", `${filters.to}T23:59:59.999Z`);
  return params;
}

function actorLabel(actor: AuditEventBody["actor"]): string {
  return actor.type === "key" ? `Key ${actor.prefix ?? actor.id}…` : (actor.username ?? actor.id);
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { account, principal, param } = await requireProject();
  // Admins and the owner (TEAMS.md); to others the page does not exist, as its API refuses them.
  if (!can(principal, "audit.read")) notFound();
  const filters = readFilters(await searchParams);
  const params = apiParams(filters);
  const parsed = auditQuerySchema.safeParse({ ...Object.fromEntries(params), ...(filters.cursor ? { cursor: filters.cursor } : {}) });
  const [keys, members] = await Promise.all([listApiKeys(principal), listMembers(principal.projectId)]);
  const people: AuditPerson[] = [
    ...members.map((member) => ({ id: member.userId, label: member.userId === account.id ? `${member.username} (you)` : member.username })),
    ...keys.map((key) => ({ id: key.id, label: `Key “${key.name}” (${key.prefix}…)` })),
  ];
  const page = parsed.success ? await listAuditEvents({ projectId: principal.projectId, query: parsed.data }).catch(() => null) : null;
  const filtered = Boolean(filters.person || filters.action || filters.from || filters.to);
  const olderHref = page?.nextCursor ? `/dashboard/audit?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(filterParams(filters))), cursor: page.nextCursor })}` : null;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change made in this project, by a person or an API key, and every sign-in, failed ones too. Kept for at least a year."
      />
      <AuditFilters values={filters} people={people} csvHref={`/api/audit?${new URLSearchParams([...params, ["format", "csv"], ...(param ? [["project", param]] : [])])}`} />
      {!page ? (
        <p className={styles.error} role="alert">These filters cannot be read. Clear them and try again.</p>
      ) : page.data.length === 0 ? (
        <EmptyState title={filtered || filters.cursor ? "Nothing matches these filters" : "Nothing recorded yet"}>
          Changes to posts, collections, media, keys and webhooks, and sign-ins, appear here as they happen.
        </EmptyState>
      ) : (
        <>
          <Table label="Audit log">
            <thead>
              <tr>
                <Th>Time</Th>
                <Th>Person</Th>
                <Th>Action</Th>
                <Th>Target</Th>
                <Th>IP address</Th>
                <Th>Request ID</Th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={row.id}>
                  <td className={cellClass.nowrap}><LocalTime iso={row.at} /></td>
                  <td className={cellClass.primary}>{actorLabel(row.actor)}</td>
                  <td className={cellClass.nowrap}><code>{row.action}</code></td>
                  <td className={styles.target}>
                    {row.target.name ? <>{row.target.name} </> : null}
                    <span className={styles.muted}>{row.target.type}:{row.target.id}</span>
                  </td>
                  <td className={cellClass.nowrap}>{row.ip || <span className={styles.muted}>Unknown</span>}</td>
                  <td><code className={styles.target}>{row.requestId}</code></td>
                </tr>
              ))}
            </tbody>
          </Table>
          <nav aria-label="Pagination" className={styles.pages}>
            {filters.cursor ? <Link href={`/dashboard/audit?${filterParams(filters)}`} className={buttonClass({ size: "sm" })}>Newest</Link> : null}
            {olderHref ? <Link href={olderHref} className={buttonClass({ size: "sm" })}>Older</Link> : null}
          </nav>
        </>
      )}
    </>
  );
}

/** The page's own filter parameters (not the API's), for its links. */
function filterParams(filters: AuditFilterValues): string {
  const params = new URLSearchParams();
  for (const name of ["person", "action", "from", "to"] as const) if (filters[name]) params.set(name, filters[name]!);
  return params.toString();
}
