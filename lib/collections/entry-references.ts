// The references an entry's data holds under its schema (MODELING "Reference fields"): each
// `reference` field's id, and each id of an array of references, at any object nesting. What
// the write validates against the database and stores in the reference index.
import { toPointer } from "../diff/json-pointer";
import type { FieldDefinition } from "./collection-schema";

export type EntryRef = {
  /** JSON pointer into `data` (`/author`, `/related/0`): the index's `path`. */
  pointer: string;
  /** The same path as an issue path under `data` (`["data", "author"]`). */
  issuePath: string[];
  /** Slug of the collection the id must belong to. */
  collection: string;
  id: string;
};

/** Validated data only: the shapes were checked against the schema first (strings where ids go). */
export function collectReferences(fields: FieldDefinition[] | undefined, data: Record<string, unknown>): EntryRef[] {
  const refs: EntryRef[] = [];
  walk(fields ?? [], data, [], refs);
  return refs;
}

function walk(fields: FieldDefinition[], data: Record<string, unknown>, at: string[], refs: EntryRef[]): void {
  for (const field of fields) {
    const value = data[field.name];
    const path = [...at, field.name];
    if (field.type === "reference" && typeof value === "string") {
      refs.push(ref(path, field.collection!, value));
    } else if (field.type === "array" && field.items === "reference" && Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item === "string") refs.push(ref([...path, String(i)], field.collection!, item));
      });
    } else if (field.type === "object" && field.fields && value && typeof value === "object" && !Array.isArray(value)) {
      walk(field.fields, value as Record<string, unknown>, path, refs);
    }
  }
}

function ref(path: string[], collection: string, id: string): EntryRef {
  return { pointer: toPointer(path), issuePath: ["data", ...path], collection, id };
}
