// A readable comparison of two entry versions (DASHBOARD "Compare"): never raw JSON. Text is
// diffed word by word, objects and arrays key by key (arrays by position, short arrays of plain
// values item by item), richtext block by block (paragraphs, headings, list items, ...) with
// word highlights inside a changed block. The algorithms are the `diff` package's; this file
// only decides what to compare with what. Pure and isomorphic: the server renders the compare
// view with it and the "Move label" dialog previews a move with it in the browser.
import { diffArrays, diffWords } from "diff";
import { richtextBlocks, isRichtextDocument, type Block } from "./richtext-blocks";

/** A run of words: unchanged, or only in the old (`removed`) or the new (`added`) side. */
export type WordPart = { value: string; added?: boolean; removed?: boolean };

export type ValueDiff =
  | { kind: "same"; display: string }
  | { kind: "text"; parts: WordPart[] }
  | { kind: "value"; before: string | null; after: string | null }
  | { kind: "keys"; entries: { key: string; diff: ValueDiff }[] }
  | { kind: "blocks"; blocks: BlockDiff[] };

export type BlockDiff =
  | { status: "same"; label: string; text: string }
  | { status: "removed"; label: string; text: string }
  | { status: "added"; label: string; text: string }
  | { status: "changed"; label: string; parts: WordPart[]; before: string; after: string };

export type FieldDiff = { name: string; changed: boolean; diff: ValueDiff };

const MISSING = undefined;

/** One row per field: the schema's fields first (in schema order), then any other keys. */
export function diffEntryData(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fieldTypes: Record<string, string> = {},
): FieldDiff[] {
  const names = [...Object.keys(fieldTypes)];
  for (const key of [...Object.keys(before), ...Object.keys(after)]) if (!names.includes(key)) names.push(key);
  return names
    .filter((name) => name in before || name in after)
    .map((name) => {
      const diff = diffValues(before[name], after[name], fieldTypes[name]);
      return { name, changed: diff.kind !== "same", diff };
    });
}

export function diffValues(before: unknown, after: unknown, type?: string): ValueDiff {
  if (sameJson(before, after)) return { kind: "same", display: display(after) ?? "" };
  if (before === MISSING || after === MISSING || before === null || after === null) {
    // Added or removed as a whole: still shown the readable way for text and documents.
    // null (a field set to nothing) reads as empty text, like a missing one.
    if (typeof (before ?? after) === "string") return { kind: "text", parts: diffText((before ?? undefined) as string | undefined, (after ?? undefined) as string | undefined) };
    if (type === "richtext" || isRichtextDocument(before ?? after)) return { kind: "blocks", blocks: diffBlocks(richtextBlocks(before), richtextBlocks(after)) };
    return { kind: "value", before: display(before), after: display(after) };
  }
  if (type === "richtext" || (isRichtextDocument(before) && isRichtextDocument(after))) {
    return { kind: "blocks", blocks: diffBlocks(richtextBlocks(before), richtextBlocks(after)) };
  }
  if (typeof before === "string" && typeof after === "string") return { kind: "text", parts: diffText(before, after) };
  if (isPlainArray(before) && isPlainArray(after)) return { kind: "keys", entries: diffPlainArrays(before, after) };
  if (isContainer(before) && isContainer(after)) return { kind: "keys", entries: diffKeys(before, after) };
  return { kind: "value", before: display(before), after: display(after) };
}

function diffText(before = "", after = ""): WordPart[] {
  return diffWords(before, after).map((change) => ({
    value: change.value,
    ...(change.added ? { added: true } : {}),
    ...(change.removed ? { removed: true } : {}),
  }));
}

/** Objects by key; arrays of objects by position ("[2]"). */
function diffKeys(before: object, after: object): { key: string; diff: ValueDiff }[] {
  const isArray = Array.isArray(before) && Array.isArray(after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((key) => ({
    key: isArray ? `[${Number(key) + 1}]` : key,
    diff: diffValues((before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key]),
  }));
}

/** Arrays of plain values (tags, ids): items added and removed, wherever they moved. */
function diffPlainArrays(before: unknown[], after: unknown[]): { key: string; diff: ValueDiff }[] {
  const entries: { key: string; diff: ValueDiff }[] = [];
  let position = 0;
  for (const change of diffArrays(before, after)) {
    for (const item of change.value) {
      position += change.removed ? 0 : 1;
      const key = change.removed ? "removed" : `[${position}]`;
      if (change.added) entries.push({ key, diff: { kind: "value", before: null, after: display(item) } });
      else if (change.removed) entries.push({ key, diff: { kind: "value", before: display(item), after: null } });
      else entries.push({ key, diff: { kind: "same", display: display(item) ?? "" } });
    }
  }
  return entries;
}

/**
 * Blocks aligned by the `diff` package's array diff; in a run of removed blocks followed by added
 * blocks, blocks of the same kind pair up in order as "changed" blocks with word highlights inside
 * (the kinds themselves aligned by the same array diff, so an edited heading still pairs with its
 * new text when a moved paragraph lands between them).
 */
export function diffBlocks(before: Block[], after: Block[]): BlockDiff[] {
  const changes = diffArrays(before, after, { comparator: (a, b) => a.label === b.label && a.text === b.text });
  const out: BlockDiff[] = [];
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i];
    if (!change.added && !change.removed) {
      for (const block of change.value) out.push({ status: "same", label: block.label, text: block.text });
      continue;
    }
    const next = changes[i + 1];
    if (change.removed && next?.added) {
      const removed = change.value;
      const added = next.value;
      let r = 0;
      let a = 0;
      for (const kinds of diffArrays(removed.map((block) => block.label), added.map((block) => block.label))) {
        for (let k = 0; k < kinds.value.length; k++) {
          if (kinds.removed) out.push({ status: "removed", label: removed[r].label, text: removed[r++].text });
          else if (kinds.added) out.push({ status: "added", label: added[a].label, text: added[a++].text });
          else {
            const [was, is] = [removed[r++], added[a++]];
            out.push({ status: "changed", label: is.label, parts: diffText(was.text, is.text), before: was.text, after: is.text });
          }
        }
      }
      i++;
      continue;
    }
    for (const block of change.value) out.push({ status: change.added ? "added" : "removed", label: block.label, text: block.text });
  }
  return out;
}

function isContainer(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.every((item) => item === null || typeof item !== "object");
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A value as a person reads it; objects only ever reach here inside a whole-value add/remove. */
export function display(value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null) return "empty";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map((item) => display(item)).join(", ");
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${key}: ${display(item)}`)
    .join("; ");
}
