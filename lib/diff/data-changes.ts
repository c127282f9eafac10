// The diff of two JSON objects as a list of changes with JSON-pointer paths (MODELING "Diffs over
// the API"): the API's form of the very diff the dashboard shows. It walks what diffEntryData
// (./value-diff.ts) computed, field by field, down through objects and arrays of objects, and
// turns each changed leaf into `{ path, kind, before, after }` with the raw values; a richtext
// field also gets `blocks`, the changed blocks of the dashboard's block diff with their text.
// Arrays of plain values (tags, reference ids) change as a whole.
import { toPointer } from "./json-pointer";
import { diffEntryData, type BlockDiff, type ValueDiff } from "./value-diff";

export type ChangeKind = "changed" | "added" | "removed";

/** A changed block of a richtext value, as a reader sees it: its label and text on each side. */
export type BlockChange = { kind: ChangeKind; label: string; before: string | null; after: string | null };

export type DataChange = { path: string; kind: ChangeKind; before: unknown; after: unknown; blocks?: BlockChange[] };

export function dataChanges(before: Record<string, unknown>, after: Record<string, unknown>, fieldTypes: Record<string, string> = {}): DataChange[] {
  const changes: DataChange[] = [];
  for (const field of diffEntryData(before, after, fieldTypes)) {
    if (field.changed) collect([field.name], field.diff, before[field.name], after[field.name], changes);
  }
  return changes;
}

/** The blocks that differ (not the unchanged ones), text before and after. */
export function blockChanges(blocks: BlockDiff[]): BlockChange[] {
  return blocks.flatMap((block): BlockChange[] => {
    switch (block.status) {
      case "same":
        return [];
      case "added":
        return [{ kind: "added", label: block.label, before: null, after: block.text }];
      case "removed":
        return [{ kind: "removed", label: block.label, before: block.text, after: null }];
      case "changed":
        // The texts themselves: rejoining the word parts can shift the whitespace between words.
        return [{ kind: "changed", label: block.label, before: block.before, after: block.after }];
    }
  });
}

function collect(path: string[], diff: ValueDiff, before: unknown, after: unknown, out: DataChange[]): void {
  if (diff.kind === "same") return;
  if (diff.kind === "keys" && descends(before, after)) {
    // diffValues keyed objects by their own keys and arrays of objects by position, as "[1]", "[2]", …
    for (const entry of diff.entries) {
      const key = Array.isArray(before) ? String(Number(entry.key.slice(1, -1)) - 1) : entry.key;
      collect([...path, key], entry.diff, (before as Record<string, unknown>)[key], (after as Record<string, unknown>)[key], out);
    }
    return;
  }
  out.push({
    path: toPointer(path),
    kind: before === undefined ? "added" : after === undefined ? "removed" : "changed",
    before: before ?? null,
    after: after ?? null,
    ...(diff.kind === "blocks" ? { blocks: blockChanges(diff.blocks) } : {}),
  });
}

/** Objects with objects, arrays of structures with arrays of structures; anything else is one change. */
function descends(before: unknown, after: unknown): boolean {
  if (!isObject(before) || !isObject(after)) return false;
  if (Array.isArray(before) !== Array.isArray(after)) return false;
  return !Array.isArray(before) || !(isPlain(before) && isPlain(after as unknown[]));
}

function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}

function isPlain(values: unknown[]): boolean {
  return values.every((item) => item === null || typeof item !== "object");
}
