import type { Metadata } from "next";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { ProUpsell } from "@/components/collections/pro-upsell";
import styles from "@/components/collections/collections.module.css";
import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Th, cellClass } from "@/components/ui/table";
import { requireProject } from "@/lib/dashboard/current-project";
import { listCollections } from "@/lib/collections/list-collections";

export const metadata: Metadata = { title: "Collections" };

export default async function CollectionsPage() {
  const { principal } = await requireProject();
  if (principal.plan !== "pro") {
    return (
      <>
        <PageHeader title="Collections" description="Schema-driven content with immutable versions and labels." />
        <ProUpsell />
      </>
    );
  }
  const collections = await listCollections({ owner: { id: principal.projectId, username: principal.projectUsername } });
  const newCollection = <ButtonLink href="/dashboard/collections/new" variant="primary">New collection</ButtonLink>;
  return (
    <>
      <PageHeader
        title="Collections"
        description="Schema-driven content: every save is a new version, and labels such as production choose what is served."
        actions={collections.length ? newCollection : undefined}
      />
      {collections.length === 0 ? (
        <EmptyState title="No collections yet" action={newCollection}>
          A collection holds entries that follow its schema. Create one, add entries, and publish a version by moving its production label.
        </EmptyState>
      ) : (
        <Table label="Your collections">
          <thead>
            <tr>
              <Th>Name</Th>
              <Th>Entries</Th>
              <Th>Fields</Th>
              <Th>Updated</Th>
            </tr>
          </thead>
          <tbody>
            {collections.map((collection) => (
              <tr key={collection.id}>
                <td className={cellClass.primary}>
                  <Link href={`/dashboard/collections/${encodeURIComponent(collection.id)}`} className={styles.title}>{collection.name}</Link>
                  <span className={styles.sub}>{collection.slug}</span>
                </td>
                <td>{collection.entryCount}</td>
                <td>{collection.schema.fields?.length ?? 0}</td>
                <td className={cellClass.nowrap}><LocalTime iso={collection.updatedAt} /></td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
