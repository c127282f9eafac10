import type { Metadata } from "next";
import styles from "@/components/portability/portability.module.css";
import { PageHeader, pageStyles } from "@/components/dashboard/page-header";
import { buttonClass } from "@/components/ui/button";
import { requireAccount } from "@/lib/auth/require-account";

export const metadata: Metadata = { title: "Export" };

// Plain download links to GET /api/export: the browser streams the zip to disk itself.
export default async function ExportPage() {
  await requireAccount();
  return (
    <>
      <PageHeader title="Export" description="Everything you wrote, as a zip you can keep or import elsewhere." />
      <section className={pageStyles.section} aria-labelledby="export-formats">
        <h2 id="export-formats" className={pageStyles.sectionTitle}>Download</h2>
        <p className={styles.hint}>JSON holds every post with its revisions, your collections (schemas, entries, versions, labels) and your media; importing it with the Inkbase source reproduces your account. Markdown holds one file per post with front matter, and your media.</p>
        <div className={styles.downloads}>
          <a className={buttonClass({ variant: "primary" })} href="/api/export?format=json" download>Download JSON</a>
          <a className={buttonClass()} href="/api/export?format=markdown" download>Download Markdown</a>
        </div>
      </section>
    </>
  );
}
