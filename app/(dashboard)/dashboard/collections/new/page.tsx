import type { Metadata } from "next";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { SchemaEditor } from "@/components/collections/schema-editor";
import { PageHeader } from "@/components/dashboard/page-header";
import { requireProject } from "@/lib/dashboard/current-project";
import { listCollections } from "@/lib/collections/list-collections";

export const metadata: Metadata = { title: "New collection" };

export default async function NewCollectionPage() {
  const { principal } = await requireProject();
  const collections = principal.plan === "pro" ? await listCollections({ owner: { id: principal.projectId, username: principal.projectUsername } }) : [];
  return (
    <>
      <PageHeader title="New collection" description="Name it, give it a slug, and declare the fields its entries have." />
      {principal.plan === "pro" ? <SchemaEditor collections={collections.map(({ slug, name }) => ({ slug, name }))} /> : <ProUpsell />}
    </>
  );
}
