"use client";
// "New collection" and schema editing (DASHBOARD "Collections"): name, slug (at creation; the id
// never changes), one row per field with every type and option DECISIONS §4 allows, and the
// index mapping. Saves through the API; an edit shows the re-projection result, `truncated`
// included (the remaining entries pick up the new mapping on their next save).
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { createCollection, updateCollection, type Reprojected } from "@/lib/client/collections-api";
import { FIELD_TYPES, INDEX_COLUMNS, type CollectionSchema, type EnumValue, type FieldDefinition, type FieldType } from "@/lib/collections/collection-schema";
import { Button } from "../ui/button";
import { Checkbox, InputField, SelectField, TextareaField } from "../ui/field";
import styles from "./collections.module.css";

/** `target`: the slug a reference field points into; "" is the collection being edited. */
type Row = { key: number; name: string; type: FieldType; required: boolean; enumText: string; min: string; max: string; items: string; nested: string; target: string };

const TYPE_NAMES: Record<FieldType, string> = {
  string: "Text (one line)",
  text: "Long text",
  number: "Number",
  integer: "Whole number",
  boolean: "Yes / no",
  date: "Date",
  datetime: "Date and time",
  url: "URL",
  email: "Email",
  slug: "Slug",
  json: "JSON",
  richtext: "Rich text",
  array: "List",
  object: "Object",
  reference: "Reference",
};
const BOUNDED: FieldType[] = ["string", "text", "url", "email", "slug", "array", "number", "integer"];
const NO_ENUM: FieldType[] = ["json", "richtext", "object", "boolean", "reference"];
const referencing = (row: Pick<Row, "type" | "items">) => row.type === "reference" || (row.type === "array" && row.items === "reference");

let nextKey = 1;
function toRow(field?: FieldDefinition, ownSlug?: string): Row {
  return {
    key: nextKey++,
    name: field?.name ?? "",
    type: field?.type ?? "string",
    required: field?.required ?? false,
    enumText: field?.enum?.map(String).join(", ") ?? "",
    min: field?.min === undefined ? "" : String(field.min),
    max: field?.max === undefined ? "" : String(field.max),
    items: field?.items ?? "",
    nested: field?.fields ? JSON.stringify(field.fields, null, 2) : "",
    target: field?.collection && field.collection !== ownSlug ? field.collection : "",
  };
}

function parseEnum(text: string, type: FieldType): EnumValue[] | undefined {
  const values = text.split(",").map((value) => value.trim()).filter(Boolean);
  if (!values.length) return undefined;
  if (type === "number" || type === "integer") return values.map((value) => (Number.isFinite(Number(value)) ? Number(value) : value));
  return values;
}

function toField(row: Row, ownSlug: string): FieldDefinition {
  const enumType = row.type === "array" ? ((row.items || undefined) as FieldType | undefined) : row.type;
  const field: FieldDefinition = { name: row.name.trim(), type: row.type };
  if (row.required) field.required = true;
  if (enumType && !NO_ENUM.includes(enumType) && row.enumText.trim()) field.enum = parseEnum(row.enumText, enumType);
  if (BOUNDED.includes(row.type) && row.min.trim() !== "") field.min = Number(row.min);
  if (BOUNDED.includes(row.type) && row.max.trim() !== "") field.max = Number(row.max);
  if (row.type === "array" && row.items) field.items = row.items as FieldType;
  if (row.type === "object" && row.nested.trim()) field.fields = JSON.parse(row.nested) as FieldDefinition[];
  if (referencing(row)) field.collection = row.target || ownSlug;
  return field;
}

export function SchemaEditor({
  collection,
  collections = [],
}: {
  collection?: { id: string; name: string; schema: CollectionSchema };
  /** The author's other collections, which reference fields can point into. */
  collections?: { slug: string; name: string }[];
}) {
  const router = useProjectRouter();
  const editing = Boolean(collection);
  const [name, setName] = useState(collection?.name ?? "");
  const [slug, setSlug] = useState(collection?.id ?? "");
  const [rows, setRows] = useState<Row[]>(() => (collection?.schema.fields?.length ? collection.schema.fields.map((field) => toRow(field, collection.id)) : [toRow({ name: "title", type: "string", required: true })]));
  const [indexes, setIndexes] = useState<Record<string, string>>(() => ({ ...(collection?.schema.indexes ?? (editing ? {} : { title: "title" })) }));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ message: string; issues: string[] } | null>(null);
  const [result, setResult] = useState<Reprojected | "saved" | null>(null);

  const update = (key: number, patch: Partial<Row>) => setRows((list) => list.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setResult(null);
    let schema: CollectionSchema;
    try {
      const mapping = Object.fromEntries(Object.entries(indexes).filter(([, path]) => path.trim()).map(([column, path]) => [column, path.trim()]));
      schema = { ...(collection?.schema.title ? { title: collection.schema.title } : {}), fields: rows.map((row) => toField(row, collection?.id ?? slug.trim())), indexes: mapping };
    } catch {
      setError({ message: "Nested fields of an object field must be a JSON list of fields.", issues: [] });
      return;
    }
    setPending(true);
    try {
      if (collection) {
        const saved = await updateCollection(collection.id, { name: name.trim(), schema });
        setResult(saved.reprojected ?? "saved");
        router.refresh();
      } else {
        const created = await createCollection({ name: name.trim(), slug: slug.trim(), schema });
        router.push(`/dashboard/collections/${encodeURIComponent(created.id)}`);
      }
    } catch (err) {
      const issues = err instanceof ApiRequestError ? (err.body.issues ?? []).map((issue) => `${describePath(issue.path, rows)}: ${issue.message}`) : [];
      setError({ message: describeError(err), issues });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.stack} onSubmit={save} noValidate>
      <InputField label="Name" value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} />
      {editing ? null : (
        <InputField label="Slug" value={slug} onChange={(event) => setSlug(event.target.value)} required hint="Lowercase letters, digits and dashes. It is the collection's id in the API and cannot change." />
      )}
      <fieldset className="plain">
        <legend className={styles.legend}>Fields</legend>
        <div className={styles.stack}>
          {rows.map((row, i) => (
            <fieldset key={row.key} className={styles.fieldRow} aria-label={`Field ${i + 1}`}>
              <InputField label="Field name" value={row.name} onChange={(event) => update(row.key, { name: event.target.value })} required />
              <SelectField label="Type" value={row.type} onChange={(event) => update(row.key, { type: event.target.value as FieldType })}>
                {FIELD_TYPES.map((type) => (
                  <option key={type} value={type}>{TYPE_NAMES[type]}</option>
                ))}
              </SelectField>
              {row.type === "array" ? (
                <SelectField label="Item type" value={row.items} onChange={(event) => update(row.key, { items: event.target.value })}>
                  <option value="">Any</option>
                  {FIELD_TYPES.map((type) => (
                    <option key={type} value={type}>{TYPE_NAMES[type]}</option>
                  ))}
                </SelectField>
              ) : null}
              {referencing(row) ? (
                <SelectField label="Collection" value={row.target} onChange={(event) => update(row.key, { target: event.target.value })} hint="Whose entries it points at">
                  <option value="">This collection</option>
                  {collections
                    .filter((other) => other.slug !== collection?.id)
                    .map((other) => (
                      <option key={other.slug} value={other.slug}>{other.name} ({other.slug})</option>
                    ))}
                </SelectField>
              ) : null}
              {!NO_ENUM.includes(row.type) && !referencing(row) ? (
                <InputField label="Allowed values" value={row.enumText} onChange={(event) => update(row.key, { enumText: event.target.value })} placeholder="Any" hint="Comma-separated" />
              ) : null}
              {BOUNDED.includes(row.type) ? (
                <>
                  <InputField label={row.type === "number" || row.type === "integer" ? "Minimum" : "Minimum length"} type="number" value={row.min} onChange={(event) => update(row.key, { min: event.target.value })} />
                  <InputField label={row.type === "number" || row.type === "integer" ? "Maximum" : "Maximum length"} type="number" value={row.max} onChange={(event) => update(row.key, { max: event.target.value })} />
                </>
              ) : null}
              {row.type === "object" ? (
                <TextareaField label="Nested fields (JSON)" value={row.nested} rows={3} onChange={(event) => update(row.key, { nested: event.target.value })} placeholder='[{ "name": "description", "type": "text" }]' />
              ) : null}
              <Checkbox label="Required" checked={row.required} onChange={(event) => update(row.key, { required: event.target.checked })} />
              <Button variant="ghost" size="sm" aria-label={`Remove field ${row.name || i + 1}`} onClick={() => setRows((list) => list.filter((other) => other.key !== row.key))}>
                Remove
              </Button>
            </fieldset>
          ))}
          <div>
            <Button size="sm" onClick={() => setRows((list) => [...list, toRow({ name: "", type: "string" })])}>Add field</Button>
          </div>
        </div>
      </fieldset>
      <fieldset className="plain">
        <legend className={styles.legend}>Indexed columns</legend>
        <p className={styles.muted}>Which field fills each column the entries table and the API filter on (a path such as <code>seo.title</code>).</p>
        <div className={styles.indexes}>
          {INDEX_COLUMNS.map((column) => (
            <InputField key={column} label={`${column[0].toUpperCase()}${column.slice(1)} from`} value={indexes[column] ?? ""} onChange={(event) => setIndexes((map) => ({ ...map, [column]: event.target.value }))} placeholder="Not indexed" />
          ))}
        </div>
      </fieldset>
      {error ? (
        <div role="alert" className={styles.alert}>
          <p>{error.message}</p>
          {error.issues.length ? <ul>{error.issues.map((issue) => <li key={issue}>{issue}</li>)}</ul> : null}
        </div>
      ) : null}
      <div role="status" className={styles.actions}>
        {result === "saved" ? <span className={styles.result}>Schema saved.</span> : null}
        {result && result !== "saved" ? (
          <span className={styles.result}>
            Schema saved. Re-projected {result.updated} {result.updated === 1 ? "entry" : "entries"}
            {result.skipped ? `, ${result.skipped} skipped` : ""}.
            {result.truncated ? " The sweep stopped at its limit (truncated): the remaining entries pick up the new mapping when they are next saved." : ""}
          </span>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={pending}>{editing ? (pending ? "Saving…" : "Save schema") : pending ? "Creating…" : "Create collection"}</Button>
      </div>
    </form>
  );
}

function describePath(path: string[], rows: Row[]): string {
  const parts = path[0] === "schema" ? path.slice(1) : path;
  if (parts[0] === "fields" && parts[1] !== undefined) {
    const row = rows[Number(parts[1])];
    return `Field ${row?.name || Number(parts[1]) + 1}${parts[2] ? ` (${parts.slice(2).join(".")})` : ""}`;
  }
  return parts.join(".") || "Collection";
}
