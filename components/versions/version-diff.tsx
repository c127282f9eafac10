// Two versions side by side (DASHBOARD "Compare"): one row per field, the older version on the
// left with its removed words struck (<del>), the newer on the right with its added words marked
// (<ins>). No hooks, so the server renders it for the compare view and the "Move label" dialog
// renders it in the browser. Unchanged rows carry data-unchanged so "Changed fields only" can
// hide them with CSS alone.
import type { BlockDiff, FieldDiff, ValueDiff, WordPart } from "@/lib/diff/value-diff";
import styles from "./version-diff.module.css";

export function VersionDiff({ fields, fromLabel, toLabel, caption }: { fields: FieldDiff[]; fromLabel: string; toLabel: string; caption: string }) {
  return (
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.fieldCol}>Field</th>
            <th scope="col">{fromLabel}</th>
            <th scope="col">{toLabel}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field.name} data-unchanged={field.changed ? undefined : ""} className={field.changed ? styles.changed : styles.unchanged}>
              <th scope="row" className={styles.fieldCol}>
                {field.name}
                {field.changed ? <span className="visually-hidden"> (changed)</span> : null}
              </th>
              <td><Side diff={field.diff} side="before" /></td>
              <td><Side diff={field.diff} side="after" /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type SideName = "before" | "after";

function Side({ diff, side }: { diff: ValueDiff; side: SideName }) {
  switch (diff.kind) {
    case "same":
      return <span className={styles.text}>{diff.display || <Empty />}</span>;
    case "text":
      return <Words parts={diff.parts} side={side} />;
    case "value": {
      const value = side === "before" ? diff.before : diff.after;
      if (value === null) return <Empty />;
      return side === "before" ? <del className={styles.del}>{value}</del> : <ins className={styles.ins}>{value}</ins>;
    }
    case "keys":
      return (
        <dl className={styles.keys}>
          {diff.entries.map((entry, i) => (
            <div key={`${entry.key}-${i}`}>
              <dt>{entry.key}</dt>
              <dd><Side diff={entry.diff} side={side} /></dd>
            </div>
          ))}
        </dl>
      );
    case "blocks":
      return <Blocks blocks={diff.blocks} side={side} />;
  }
}

function Words({ parts, side }: { parts: WordPart[]; side: SideName }) {
  const shown = parts.filter((part) => (side === "before" ? !part.added : !part.removed));
  if (shown.length === 0) return <Empty />;
  return (
    <span className={styles.text}>
      {shown.map((part, i) =>
        part.removed ? <del key={i} className={styles.del}>{part.value}</del> : part.added ? <ins key={i} className={styles.ins}>{part.value}</ins> : <span key={i}>{part.value}</span>,
      )}
    </span>
  );
}

function Blocks({ blocks, side }: { blocks: BlockDiff[]; side: SideName }) {
  const shown = blocks.filter((block) => (side === "before" ? block.status !== "added" : block.status !== "removed"));
  if (shown.length === 0) return <Empty />;
  return (
    <ol className={styles.blocks}>
      {shown.map((block, i) => (
        <li key={i} className={block.status === "same" ? styles.blockSame : styles.blockChanged}>
          <span className={styles.blockLabel}>{block.label}</span>
          {block.status === "changed" ? (
            <Words parts={block.parts} side={side} />
          ) : block.status === "same" ? (
            <span className={styles.text}>{block.text}</span>
          ) : side === "before" ? (
            <del className={styles.del}>{block.text || "(empty)"}</del>
          ) : (
            <ins className={styles.ins}>{block.text || "(empty)"}</ins>
          )}
        </li>
      ))}
    </ol>
  );
}

function Empty() {
  return <span className={styles.empty}>—</span>;
}
