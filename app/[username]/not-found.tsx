import Link from "next/link";
import styles from "@/components/site/marketing.module.css";
import { SiteHeader } from "@/components/site/site-header";

// Unknown blogs, reserved names, unknown slugs and hidden posts: a real 404 (status 404).
export default function BlogNotFound() {
  return (
    <>
      <SiteHeader />
      <main className={styles.main}>
        <h1>Page not found</h1>
        <p>There is no blog or post at this address. It may have been unpublished or moved.</p>
        <p><Link href="/">Go to Inkbase</Link></p>
      </main>
    </>
  );
}
