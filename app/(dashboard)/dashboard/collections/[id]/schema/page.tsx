import type { Metadata } from "next";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { SchemaEditor } from "@/components/collections/schema-editor";
import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";
import { requireProject } from "@/lib/dashboard/current-project";
import { getCollection } from "@/lib/collections/get-collection";
import { listCollections } from "@/lib/collections/list-collections";
import { orNotFound } from "@/lib/http/or-not-found";

export const metadata: Metadata = { title: "Edit schema" };

export default async function EditSchemaPage({ params }: { params: Promise<{ id: string }> }) {
  const { principal } = await requireProject();
  if (principal.plan !== "pro") return (<><PageHeader title="Edit schema" /><ProUpsell /></>);
  const { id } = await params;
  const owner = { id: principal.projectId, username: principal.projectUsername };
  const [collection, collections] = await Promise.all([orNotFound(getCollection({ owner, id })), listCollections({ owner })]);
  return (
    <>
      <PageHeader
        title={`Schema: ${collection.name}`}
        description="Changing the indexed columns re-projects existing entries; the result is shown after saving."
        actions={<ButtonLink href={`/dashboard/collections/${encodeURIComponent(collection.id)}`}>Back to entries</ButtonLink>}
      />
      <SchemaEditor collection={{ id: collection.id, name: collection.name, schema: collection.schema }} collections={collections.map(({ slug, name }) => ({ slug, name }))} />
    </>
  );
}
