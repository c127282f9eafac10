// Filters of the posts table as a plain GET form: the URL is the state (shareable, back button
// works) and no JavaScript is needed.
import { buttonClass } from "../ui/button";
import { controlClass, labelClass } from "../ui/control-class";
import { ProjectField, ProjectLink as Link } from "@/components/dashboard/project-link";
import styles from "./posts-filters.module.css";

export type PostsFilterValues = { status?: string; tag?: string; q?: string };

export function PostsFilters({ values, tags }: { values: PostsFilterValues; tags: { name: string; slug: string }[] }) {
  const active = Boolean(values.status || values.tag || values.q);
  return (
    // Keyed by the values: a navigation (e.g. "Clear filters") remounts the uncontrolled fields
    // with the new defaults instead of keeping what was typed before.
    <form key={`${values.q ?? ""}|${values.status ?? ""}|${values.tag ?? ""}`} method="get" role="search" aria-label="Filter posts" className={styles.filters}>
      <ProjectField />
      <div className={styles.search}>
        <label htmlFor="posts-q" className={labelClass}>Search posts</label>
        <input id="posts-q" type="search" name="q" defaultValue={values.q ?? ""} placeholder="Title contains…" className={controlClass} />
      </div>
      <div className={styles.select}>
        <label htmlFor="posts-status" className={labelClass}>Status</label>
        <select id="posts-status" name="status" defaultValue={values.status ?? ""} className={controlClass}>
          <option value="">All</option>
          <option value="draft">Draft</option>
          <option value="scheduled">Scheduled</option>
          <option value="published">Published</option>
          <option value="in_review">In review</option>
        </select>
      </div>
      <div className={styles.select}>
        <label htmlFor="posts-tag" className={labelClass}>Tag</label>
        <select id="posts-tag" name="tag" defaultValue={values.tag ?? ""} className={controlClass}>
          <option value="">All tags</option>
          {tags.map((tag) => (
            <option key={tag.slug} value={tag.slug}>{tag.name}</option>
          ))}
        </select>
      </div>
      <div className={styles.buttons}>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>Filter</button>
        {active ? <Link href="/dashboard/posts" className={buttonClass({ variant: "ghost" })}>Clear filters</Link> : null}
      </div>
    </form>
  );
}
