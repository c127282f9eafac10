import { pageStyles } from "../dashboard/page-header";
import styles from "./collections.module.css";

/** What a free-plan author sees instead of the collections screens (the API answers them 403). */
export function ProUpsell() {
  return (
    <section className={`${pageStyles.card} ${styles.upsell}`} aria-labelledby="pro-upsell-title">
      <h2 id="pro-upsell-title" className={pageStyles.sectionTitle}>Collections are part of Pro</h2>
      <p>Your account is on the free plan. Pro unlocks:</p>
      <ul>
        <li>Up to 10 collections with your own schema: text, numbers, dates, links, rich text, JSON and more.</li>
        <li>Immutable versions of every entry, compared side by side with word-level highlights.</li>
        <li>Labels such as <code>production</code> and <code>staging</code> that you promote and roll back, with a full history of every move.</li>
        <li>The collections API with scoped keys, and webhooks for every entry and label change.</li>
      </ul>
      <p className={styles.muted}>Ask your Inkbase administrator to move your account to Pro (<code>npm run admin -- user:plan</code>).</p>
    </section>
  );
}
