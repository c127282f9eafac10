import type { Metadata } from "next";
import { ProjectField, ProjectLink as Link } from "@/components/dashboard/project-link";
import { ProUpsell } from "@/components/collections/pro-upsell";
import styles from "@/components/collections/collections.module.css";
import { PageHeader } from "@/components/dashboard/page-header";
import filterStyles from "@/components/posts/posts-filters.module.css";
import { Badge } from "@/components/ui/badge";
import { ButtonLink, buttonClass } from "@/components/ui/button";
import { controlClass, labelClass } from "@/components/ui/control-class";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Pagination } from "@/components/ui/pagination";
import { Table, Th, cellClass } from "@/components/ui/table";
import { requireProject } from "@/lib/dashboard/current-project";
import { listDashboardEntries } from "@/lib/collections/list-dashboard-entries";
import { orNotFound } from "@/lib/http/or-not-found";
import { one } from "@/lib/http/search-param";

export const metadata: Metadata = { title: "Entries" };

type Search = Record<string, string | string[] | undefined>;

export default async function CollectionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { principal } = await requireProject();
  if (principal.plan !== "pro") return (<><PageHeader title="Collections" /><ProUpsell /></>);
  const { id } = await params;
  const search = await searchParams;
  const statusParam = one(search.status);
  const status = statusParam === "draft" || statusParam === "published" ? statusParam : undefined;
  const label = one(search.label)?.slice(0, 100);
  const q = one(search.q)?.slice(0, 200);
  const pageNumber = Number(one(search.page) ?? "1");
  const page = Number.isInteger(pageNumber) && pageNumber > 0 ? pageNumber : 1;
  const list = await orNotFound(listDashboardEntries({ ownerId: principal.projectId, collectionId: id, label, status, q, page }));
  const base = `/dashboard/collections/${encodeURIComponent(list.collection.slug)}`;
  const filtered = Boolean(status || label || q);
  const empty = list.collection.entryCount === 0;
  const pageHref = (n: number) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (status) query.set("status", status);
    if (label) query.set("label", label);
    if (n > 1) query.set("page", String(n));
    return `${base}${query.size ? `?${query}` : ""}`;
  };
  const newEntry = <ButtonLink href={`${base}/entries/new`} variant="primary">New entry</ButtonLink>;

  return (
    <>
      <PageHeader
        title={list.collection.name}
        description={<>Collection <code>{list.collection.slug}</code> · {list.collection.entryCount} {list.collection.entryCount === 1 ? "entry" : "entries"}</>}
        actions={<>{empty ? null : newEntry}<ButtonLink href={`${base}/schema`}>Edit schema</ButtonLink></>}
      />
      <form key={`${q}|${status}|${label}`} method="get" role="search" aria-label="Filter entries" className={filterStyles.filters}>
        <ProjectField />
        <div className={filterStyles.search}>
          <label htmlFor="entries-q" className={labelClass}>Search entries</label>
          <input id="entries-q" type="search" name="q" defaultValue={q ?? ""} placeholder="Title, summary or slug contains…" className={controlClass} />
        </div>
        <div className={filterStyles.select}>
          <label htmlFor="entries-status" className={labelClass}>Status</label>
          <select id="entries-status" name="status" defaultValue={status ?? ""} className={controlClass}>
            <option value="">All</option>
            <option value="draft">Draft</option>
            <option value="published">Published</option>
          </select>
        </div>
        <div className={filterStyles.select}>
          <label htmlFor="entries-label" className={labelClass}>Label</label>
          <select id="entries-label" name="label" defaultValue={label ?? ""} className={controlClass}>
            <option value="">Any label</option>
            {[...new Set([...list.labelNames, ...(label ? [label] : [])])].map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </div>
        <div className={filterStyles.buttons}>
          <button type="submit" className={buttonClass({ variant: "secondary" })}>Filter</button>
          {filtered ? <Link href={base} className={buttonClass({ variant: "ghost" })}>Clear filters</Link> : null}
        </div>
      </form>
      {list.rows.length === 0 ? (
        filtered || page > 1 ? (
          <EmptyState title="No entries match">{page > 1 ? "This page is past the last one." : "Try another search, status or label."}</EmptyState>
        ) : (
          <EmptyState title="No entries yet" action={newEntry}>Entries follow this collection&apos;s schema. Each save is a new version.</EmptyState>
        )
      ) : (
        <Table label="Entries">
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Slug</Th>
              <Th>Status</Th>
              <Th>Labels</Th>
              <Th>Version</Th>
              <Th>Updated</Th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.id}>
                <td className={cellClass.primary}>
                  <Link href={`${base}/entries/${encodeURIComponent(row.id)}`} className={styles.title}>{row.title || "Untitled entry"}</Link>
                </td>
                <td>{row.slug ?? <span className={styles.muted}>—</span>}</td>
                <td>{row.published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}</td>
                <td>
                  <span className={styles.labels}>
                    {row.labels.map((entry) => (
                      <Badge key={entry.name} tone={entry.name === "production" ? "success" : "accent"}>{`${entry.name} v_${entry.version}`}</Badge>
                    ))}
                  </span>
                </td>
                <td>v_{row.version}</td>
                <td className={cellClass.nowrap}><LocalTime iso={row.updatedAt} /></td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} href={pageHref} noun={["entry", "entries"]} />
    </>
  );
}
