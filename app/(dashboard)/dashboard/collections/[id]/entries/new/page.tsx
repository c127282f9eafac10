import type { Metadata } from "next";
import { EntryForm } from "@/components/collections/entry-form";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { PageHeader } from "@/components/dashboard/page-header";
import { ButtonLink } from "@/components/ui/button";
import { requireProject } from "@/lib/dashboard/current-project";
import { getCollection } from "@/lib/collections/get-collection";
import { orNotFound } from "@/lib/http/or-not-found";

export const metadata: Metadata = { title: "New entry" };

export default async function NewEntryPage({ params }: { params: Promise<{ id: string }> }) {
  const { principal } = await requireProject();
  if (principal.plan !== "pro") return (<><PageHeader title="New entry" /><ProUpsell /></>);
  const { id } = await params;
  const collection = await orNotFound(getCollection({ owner: { id: principal.projectId, username: principal.projectUsername }, id }));
  return (
    <>
      <PageHeader
        title="New entry"
        description={<>In {collection.name}. Saving creates v_1 as a draft; publish it by moving the production label.</>}
        actions={<ButtonLink href={`/dashboard/collections/${encodeURIComponent(collection.id)}`}>Back to entries</ButtonLink>}
      />
      <EntryForm collectionId={collection.id} fields={collection.schema.fields ?? []} />
    </>
  );
}
