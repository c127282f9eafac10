import type { Metadata } from "next";
import styles from "@/components/portability/portability.module.css";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { ExportButtons } from "@/components/portability/export-buttons";
import { requireProject } from "@/lib/dashboard/current-project";

export const metadata: Metadata = { title: "Export" };

export default async function ExportPage() {
  await requireProject();
  return (
    <>
      <PageHeader title="Export" description="Everything you wrote, as a zip you can keep or import elsewhere." />
      <section className={pageStyles.section} aria-labelledby="export-formats">
        <h2 id="export-formats" className={pageStyles.sectionTitle}>Download</h2>
        <p className={styles.hint}>JSON holds every post with its revisions, your collections (schemas, entries, versions, labels) and your media; importing it with the Inkbase source reproduces your account. Markdown holds one file per post with front matter, and your media.</p>
        <ExportButtons />
      </section>
    </>
  );
}
