import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { ImportForm } from "@/components/portability/import-form";
import { requireProject } from "@/lib/dashboard/current-project";

export const metadata: Metadata = { title: "Import" };

export default async function ImportPage() {
  await requireProject();
  return (
    <>
      <PageHeader title="Import" description="Bring your posts from Ghost, WordPress, Markdown files or another Inkbase: slugs, dates, tags and co-authors come along." />
      <ImportForm />
    </>
  );
}
