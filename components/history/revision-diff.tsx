// A revision compared with the post now, in one column (the History panel is narrow): each changed
// field with what it was and what it is, words struck (<del>) or marked (<ins>) in place, and for
// the content only the blocks that changed, labelled ("Paragraph", "Heading 2"). The comparison is
// lib/diff's (the collections' compare view uses the same); this file only lays it out. Readable
// without colour: <del> is struck through, <ins> underlined, and both are announced by their
// hidden "removed:"/"added:" prefixes (history.module.css), which copying the text leaves out.
import type { BlockDiff, FieldDiff, ValueDiff, WordPart } from "@/lib/diff/value-diff";
import styles from "./history.module.css";

export function RevisionDiff({ fields, labels, emptyText = "Nothing differs: this revision is the post as it is now." }: { fields: FieldDiff[]; labels: Record<string, string>; emptyText?: string }) {
  const changed = fields.filter((field) => field.changed);
  if (changed.length === 0) return <p className={styles.muted}>{emptyText}</p>;
  return (
    <dl className={styles.fields}>
      {changed.map((field) => (
        <div key={field.name} className={styles.field}>
          <dt>{labels[field.name] ?? field.name}</dt>
          <dd><Change diff={field.diff} /></dd>
        </div>
      ))}
    </dl>
  );
}

function Change({ diff }: { diff: ValueDiff }) {
  switch (diff.kind) {
    case "same":
      return <span>{diff.display || <Empty />}</span>;
    case "text":
      return <Words parts={diff.parts} />;
    case "value":
      return (
        <span className={styles.text}>
          {diff.before === null ? <Empty /> : <del className={styles.del}>{diff.before}</del>} {diff.after === null ? <Empty /> : <ins className={styles.ins}>{diff.after}</ins>}
        </span>
      );
    case "keys":
      return (
        <ul className={styles.keys}>
          {diff.entries.filter((entry) => entry.diff.kind !== "same").map((entry, i) => (
            <li key={`${entry.key}-${i}`}><span className={styles.blockLabel}>{entry.key}</span> <Change diff={entry.diff} /></li>
          ))}
        </ul>
      );
    case "blocks":
      return <Blocks blocks={diff.blocks} />;
  }
}

function Words({ parts }: { parts: WordPart[] }) {
  if (parts.length === 0) return <Empty />;
  return (
    <span className={styles.text}>
      {parts.map((part, i) =>
        part.removed ? <del key={i} className={styles.del}>{part.value}</del> : part.added ? <ins key={i} className={styles.ins}>{part.value}</ins> : <span key={i}>{part.value}</span>,
      )}
    </span>
  );
}

function Blocks({ blocks }: { blocks: BlockDiff[] }) {
  const changed = blocks.filter((block) => block.status !== "same");
  const same = blocks.length - changed.length;
  if (changed.length === 0) return <span className={styles.muted}>Only formatting changed.</span>;
  return (
    <>
      <ol className={styles.blocks}>
        {changed.map((block, i) => (
          <li key={i} className={styles.block}>
            <span className={styles.blockLabel}>
              {block.label}
              {block.status === "removed" ? " (removed)" : block.status === "added" ? " (added)" : " (changed)"}
            </span>
            {block.status === "changed" ? (
              <Words parts={block.parts} />
            ) : block.status === "removed" ? (
              <del className={styles.del}>{block.text || "(empty)"}</del>
            ) : (
              <ins className={styles.ins}>{block.text || "(empty)"}</ins>
            )}
          </li>
        ))}
      </ol>
      {same > 0 ? <p className={styles.muted}>{same === 1 ? "1 other block is unchanged." : `${same} other blocks are unchanged.`}</p> : null}
    </>
  );
}

function Empty() {
  return <span className={styles.muted}>(empty)</span>;
}
