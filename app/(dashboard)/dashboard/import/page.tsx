import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { ImportForm } from "@/components/portability/import-form";
import { requireAccount } from "@/lib/auth/require-account";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requireAccount();
  return (
    <>
      <PageHeader title="Import" description="Bring your posts from Ghost, WordPress, Markdown files or another Inkbase: slugs, dates, tags and co-authors come along." />
      <ImportForm />
    </>
  );
}
