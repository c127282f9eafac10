"use client";
// Live previews of the search result and the social card, computed by the same lib/seo code the
// API uses for the post's `seo` object: what an author sees here is what crawlers will get.
import { postSeo } from "@/lib/seo/post-seo";
import type { SeoSource } from "@/lib/seo/seo-source";
import styles from "./seo-preview.module.css";

export function SeoPreview({ source }: { source: SeoSource }) {
  const seo = postSeo(source);
  const image = seo.openGraph.images[0]?.url;
  return (
    <div className={styles.previews}>
      <section aria-label="Search result preview">
        <h3 className={styles.heading}>Search result</h3>
        <div className={styles.search}>
          <div className={styles.searchUrl}>{seo.canonical}</div>
          <div className={styles.searchTitle}>{seo.title || "Untitled"}</div>
          <div className={styles.searchDescription}>{seo.description || "No description yet: write some text or an excerpt."}</div>
          <div className={styles.robots}>robots: {seo.robots}</div>
        </div>
      </section>
      <section aria-label="Social card preview">
        <h3 className={styles.heading}>Social card ({seo.twitter.card === "summary_large_image" ? "large image" : "summary"})</h3>
        <div className={styles.card}>
          {image ? (
            // eslint-disable-next-line @next/next/no-img-element -- any author-given URL, not a local asset
            <img className={styles.cardImage} src={image} alt="" />
          ) : (
            <div className={styles.cardNoImage}>No image</div>
          )}
          <div className={styles.cardBody}>
            <span className={styles.cardSite}>{seo.openGraph.siteName}</span>
            <span className={styles.cardTitle}>{seo.openGraph.title}</span>
            <span className={styles.cardDescription}>{seo.openGraph.description}</span>
          </div>
        </div>
      </section>
    </div>
  );
}
