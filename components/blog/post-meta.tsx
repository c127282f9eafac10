import Link from "next/link";
import styles from "./blog.module.css";

// Server-rendered in UTC so the HTML is the same for every reader (and cacheable).
const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" });

export function PostDate({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return <time dateTime={iso}>{dateFormat.format(new Date(iso))}</time>;
}

/** Date · reading time, then the tags linking to the blog's tag pages. */
export function PostMeta(props: {
  username: string;
  publishedAt: string | null;
  readingTime: number;
  tags: { name: string; slug: string }[];
}) {
  return (
    <>
      <p className={styles.meta}>
        <PostDate iso={props.publishedAt} />
        {props.readingTime > 0 ? <span>{props.readingTime} min read</span> : null}
      </p>
      {props.tags.length ? (
        <ul className={styles.tags} aria-label="Tags">
          {props.tags.map((tag) => (
            <li key={tag.slug}>
              <Link className={styles.tag} href={`/${props.username}/tags/${encodeURIComponent(tag.slug)}`}>{tag.name}</Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
