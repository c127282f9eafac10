import type { Metadata } from "next";
import { ProUpsell } from "@/components/collections/pro-upsell";
import { SchemaEditor } from "@/components/collections/schema-editor";
import { PageHeader } from "@/components/dashboard/page-header";
import { requireAccount } from "@/lib/auth/require-account";

export const metadata: Metadata = { title: "New collection" };

export default async function NewCollectionPage() {
  const account = await requireAccount();
  return (
    <>
      <PageHeader title="New collection" description="Name it, give it a slug, and declare the fields its entries have." />
      {account.plan === "pro" ? <SchemaEditor /> : <ProUpsell />}
    </>
  );
}
