import type { Metadata } from "next";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { SchemaEditor } from "@/components/collections/schema-editor";
import { PageHeader } from "@/components/dashboard/page-header";
import { requireAccount } from "@/lib/auth/require-account";
import { listCollections } from "@/lib/collections/list-collections";

export const metadata: Metadata = { title: "New collection" };

export default async function NewCollectionPage() {
  const account = await requireAccount();
  const collections = account.plan === "pro" ? await listCollections({ owner: { id: account.id, username: account.username } }) : [];
  return (
    <>
      <PageHeader title="New collection" description="Name it, give it a slug, and declare the fields its entries have." />
      {account.plan === "pro" ? <SchemaEditor collections={collections.map(({ slug, name }) => ({ slug, name }))} /> : <ProUpsell />}
    </>
  );
}
