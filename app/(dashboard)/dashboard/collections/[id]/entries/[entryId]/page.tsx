import type { Metadata } from "next";
import { ChangedOnly } from "@/components/collections/changed-only";
import styles from "@/components/collections/collections.module.css";
import { ComparePicker } from "@/components/collections/compare-picker";
import { EntryForm } from "@/components/collections/entry-form";
import { LabelsSection } from "@/components/collections/labels-section";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { VersionDiff } from "@/components/versions/version-diff";
import { Badge } from "@/components/ui/badge";
import { ButtonLink } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { requireProject } from "@/lib/dashboard/current-project";
import { can } from "@/lib/auth/can";
import { listEntryReviews } from "@/lib/reviews/list-entry-reviews";
import { getEntryHistory, getVersionPair, type VersionAuthor } from "@/lib/collections/get-entry-history";
import { collectReferences } from "@/lib/collections/entry-references";
import { entryTitles } from "@/lib/collections/entry-titles";
import { listReferrers } from "@/lib/collections/list-referrers";
import { listScheduledMoves } from "@/lib/collections/list-scheduled-moves";
import { ReferencedBy } from "@/components/collections/referenced-by";
import { ScheduledMoves } from "@/components/collections/scheduled-moves";
import { orNotFound } from "@/lib/http/or-not-found";
import { VERSION_ID } from "@/lib/collections/version-id";
import { diffEntryData } from "@/lib/diff/value-diff";

export const metadata: Metadata = { title: "Entry" };

type Props = { params: Promise<{ id: string; entryId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?compare=v_3...v_7` → [3, 7]; anything else → null. */
function readCompare(value: string | string[] | undefined): [number, number] | null {
  const text = Array.isArray(value) ? value[0] : value;
  const [a, b] = text?.split("...") ?? [];
  const from = a ? VERSION_ID.exec(a) : null;
  const to = b ? VERSION_ID.exec(b) : null;
  return from && to ? [Number(from[1]), Number(to[1])] : null;
}

function Author({ author }: { author: VersionAuthor }) {
  if (author.type === "key") return <>key <code>{author.prefix}</code></>;
  if (author.type === "session") return <>{author.name}</>;
  return <span className={styles.muted}>not recorded</span>;
}

export default async function EntryPage({ params, searchParams }: Props) {
  const { principal } = await requireProject();
  if (principal.plan !== "pro") return (<><PageHeader title="Entry" /><ProUpsell /></>);
  const { id, entryId } = await params;
  const history = await orNotFound(getEntryHistory({ ownerId: principal.projectId, collectionId: id, entryId }));
  const { collection, entry, versions, labels, moves } = history;
  const fields = collection.parsedSchema.fields ?? [];
  const owner = { id: principal.projectId, username: principal.projectUsername };
  const [referenceTitles, referrers, scheduled, requests] = await Promise.all([
    entryTitles({ ownerId: principal.projectId, ids: collectReferences(fields, entry.data).map((ref) => ref.id) }),
    listReferrers({ ownerId: principal.projectId, entryId: entry.id }),
    listScheduledMoves({ owner, collectionId: collection.slug, query: { entryId: entry.id, status: "pending" } }),
    listEntryReviews({ principal, collectionId: collection.slug, entryId: entry.id }),
  ]);
  const actorName = (actor: { type: string; id: string; prefix?: string }) => (actor.type === "key" ? `key ${actor.prefix ?? ""}`.trim() : actor.id === principal.actorId ? principal.actorUsername : "a signed-in user");
  const fieldTypes = Object.fromEntries(fields.map((field) => [field.name, field.type]));
  const retained = versions.map((version) => version.version);
  const base = `/dashboard/collections/${encodeURIComponent(collection.slug)}`;

  // The compared pair: the URL's, else the two newest versions.
  const requested = readCompare((await searchParams).compare);
  const pair = requested ?? (retained.length >= 2 ? ([retained[1], retained[0]] as [number, number]) : null);
  const pairData = pair ? await getVersionPair(entry.id, pair[0], pair[1]) : null;
  const published = labels.some((label) => label.name === "production");

  return (
    <>
      <PageHeader
        title={entry.title || "Untitled entry"}
        description={
          <>
            {collection.name} · current version v_{entry.version} · {published ? <Badge tone="success">Published</Badge> : <Badge>Draft</Badge>}
          </>
        }
        actions={<ButtonLink href={base}>Back to entries</ButtonLink>}
      />

      <section className={pageStyles.section} aria-labelledby="edit-title">
        <h2 id="edit-title" className={pageStyles.sectionTitle}>Edit</h2>
        <p className={styles.muted}>Saving writes v_{entry.version + 1}. Labels stay where they are until you move them.</p>
        <EntryForm
          key={entry.version}
          collectionId={collection.slug}
          fields={fields}
          entry={{ id: entry.id, version: entry.version, data: entry.data }}
          referenceTitles={referenceTitles}
        />
      </section>

      <LabelsSection
        collectionId={collection.slug}
        entryId={entry.id}
        labels={labels}
        versions={retained}
        moves={moves}
        fieldTypes={fieldTypes}
        protectedLabels={collection.protectedLabels ?? []}
        canMoveProtected={can(principal, "labels.move_protected")}
        openRequests={requests.map((request) => ({ id: request.id, label: request.label, toVersion: request.toVersion, by: request.requestedBy.username }))}
      >
        <ScheduledMoves
          collectionId={collection.slug}
          moves={scheduled.data.map((move) => ({ id: move.id, label: move.label, version: move.version, at: move.at, by: actorName(move.createdBy) }))}
        />
      </LabelsSection>

      <ReferencedBy rows={referrers.rows} more={referrers.more} />

      <section className={pageStyles.section} aria-labelledby="versions-title">
        <h2 id="versions-title" className={pageStyles.sectionTitle}>Versions</h2>
        <p className={styles.muted}>The 10 newest versions are kept, plus every version a label points at (pinned). Older unpinned versions are pruned by later saves.</p>
        <Table label="Versions">
          <thead>
            <tr>
              <Th>Version</Th>
              <Th>When</Th>
              <Th>By</Th>
              <Th>Labels</Th>
              <Th>Retention</Th>
            </tr>
          </thead>
          <tbody>
            {versions.map((version) => (
              <tr key={version.version}>
                <td className={cellClass.nowrap}>v_{version.version}</td>
                <td className={cellClass.nowrap}><LocalTime iso={version.createdAt} /></td>
                <td><Author author={version.author} /></td>
                <td>
                  <span className={styles.labels}>
                    {version.labels.map((name) => <Badge key={name} tone={name === "production" ? "success" : "accent"}>{name}</Badge>)}
                  </span>
                </td>
                <td>
                  {version.pinned ? (
                    <Badge tone="accent">Pinned</Badge>
                  ) : (
                    <Badge tone={version.version <= entry.version - 9 ? "warning" : "neutral"}>
                      {version.version <= entry.version - 9 ? "Pruned by the next save" : "Prunable"}
                    </Badge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </section>

      <section className={pageStyles.section} aria-labelledby="compare-title" id="compare">
        <h2 id="compare-title" className={pageStyles.sectionTitle}>Compare</h2>
        {retained.length < 2 ? (
          <p className={styles.muted}>Only one version so far: save a change to compare versions.</p>
        ) : (
          <>
            <ComparePicker versions={retained} from={pair?.[0]} to={pair?.[1]} />
            {pair && pairData?.from && pairData.to ? (
              <ChangedOnly>
                <VersionDiff
                  fields={diffEntryData(pairData.from, pairData.to, fieldTypes)}
                  fromLabel={`v_${pair[0]}`}
                  toLabel={`v_${pair[1]}`}
                  caption={`Changes from v_${pair[0]} to v_${pair[1]}`}
                />
              </ChangedOnly>
            ) : pair ? (
              <p role="alert" className={styles.alert}>v_{pairData?.from ? pair[1] : pair[0]} is not retained (pruned or never written): choose two versions from the list.</p>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}
