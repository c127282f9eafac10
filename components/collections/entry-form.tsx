"use client";
// The entry form generated from the collection's schema (DASHBOARD "Collections"): one widget per
// field type, richtext with the post editor's Tiptap component, JSON-valued fields (json, array,
// object) as validated JSON text, reference fields as a searchable picker of the target
// collection's entries (./reference-picker.tsx). "Save" writes a new version through the API with `ifVersion`;
// a version written elsewhere meanwhile gives the 409 alert with "Reload" and "Overwrite"; the
// API's field errors appear beside their fields. Keys the schema does not declare are kept.
import type { Editor } from "@tiptap/core";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useCallback, useEffect, useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { createEntry, saveEntry } from "@/lib/client/collections-api";
import type { FieldDefinition } from "@/lib/collections/collection-schema";
import { EMPTY_DOCUMENT, type TiptapDocument } from "@/lib/content/tiptap-document";
import { RichTextEditor } from "../editor/rich-text-editor";
import { Button } from "../ui/button";
import { Checkbox, InputField, SelectField, TextareaField } from "../ui/field";
import { useHydrated } from "../ui/local-time";
import { ReferencePicker } from "./reference-picker";
import styles from "./collections.module.css";

type Values = Record<string, unknown>;
const JSON_TYPES = ["json", "array", "object"];

const isReferenceList = (field: FieldDefinition) => field.type === "array" && field.items === "reference";

function initialValue(field: FieldDefinition, value: unknown): unknown {
  if (field.type === "reference") return typeof value === "string" ? value : "";
  if (isReferenceList(field)) return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  if (field.type === "richtext") return value ?? EMPTY_DOCUMENT;
  if (field.type === "boolean") return value === true;
  if (JSON_TYPES.includes(field.type)) return value === undefined ? "" : JSON.stringify(value, null, 2);
  if (field.type === "datetime") return typeof value === "string" ? toLocalInput(value) : "";
  return value === undefined || value === null ? "" : String(value);
}

function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The form's values as entry data; a JSON text that does not parse is reported, not sent. */
function toData(fields: FieldDefinition[], base: Values, values: Values): { data: Values; jsonErrors: Record<string, string> } {
  const data: Values = { ...base };
  const jsonErrors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    delete data[field.name];
    if (isReferenceList(field)) {
      if ((value as string[]).length) data[field.name] = value;
    } else if (field.type === "richtext") data[field.name] = value;
    else if (field.type === "boolean") data[field.name] = value === true;
    else if (typeof value === "string" && value.trim() === "") continue;
    else if (JSON_TYPES.includes(field.type)) {
      try {
        data[field.name] = JSON.parse(value as string);
      } catch {
        jsonErrors[field.name] = "Not valid JSON";
      }
    } else if (field.type === "number" || field.type === "integer") data[field.name] = Number(value);
    else if (field.type === "datetime") data[field.name] = new Date(value as string).toISOString();
    else if (field.enum && typeof field.enum[0] !== "string") data[field.name] = field.enum.find((option) => String(option) === value) ?? value;
    else data[field.name] = value;
  }
  return { data, jsonErrors };
}

export function EntryForm({
  collectionId,
  fields,
  entry,
  referenceTitles = {},
}: {
  collectionId: string;
  fields: FieldDefinition[];
  /** Absent: a new entry (POST); present: its current version and data (PATCH with ifVersion). */
  entry?: { id: string; version: number; data: Values };
  /** Titles of the entries the data references, for the reference pickers. */
  referenceTitles?: Record<string, string>;
}) {
  const router = useProjectRouter();
  const base = entry?.data ?? {};
  const [values, setValues] = useState<Values>(() => Object.fromEntries(fields.map((field) => [field.name, initialValue(field, base[field.name])])));
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const set = useCallback((name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty(true);
    setSaved(null);
  }, []);

  // Leaving with unsaved changes warns (DASHBOARD Principles: nothing is lost).
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  async function save(overwrite = false) {
    const { data, jsonErrors } = toData(fields, base, values);
    setFieldErrors(jsonErrors);
    setError(null);
    if (Object.keys(jsonErrors).length) {
      setError("Fix the fields marked below.");
      return;
    }
    setPending(true);
    try {
      if (!entry) {
        const created = await createEntry(collectionId, data);
        setDirty(false);
        router.push(`/dashboard/collections/${encodeURIComponent(collectionId)}/entries/${encodeURIComponent(created.id)}`);
        return;
      }
      const result = await saveEntry(collectionId, entry.id, data, overwrite ? undefined : `v_${entry.version}`);
      setConflict(null);
      setDirty(false);
      setSaved(`Saved as ${result.version}`);
      router.refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 409 && err.body.error === "version_conflict") {
        setConflict(String(err.body.current));
      } else if (err instanceof ApiRequestError && err.body.issues?.length) {
        const byField: Record<string, string> = {};
        for (const issue of err.body.issues) {
          const name = issue.path[0] === "data" ? issue.path[1] : undefined;
          if (name && fields.some((field) => field.name === name)) byField[name] ??= issue.message;
        }
        setFieldErrors(byField);
        setError(Object.keys(byField).length ? "Fix the fields marked below." : describeError(err));
      } else {
        setError(describeError(err));
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {conflict ? (
        <div role="alert" className={styles.alert}>
          <p>This entry changed elsewhere: the current version is {conflict}. Reload to see it, or overwrite it with your changes as a new version.</p>
          <Button size="sm" onClick={() => { setDirty(false); window.location.reload(); }}>Reload</Button>
          <Button size="sm" variant="danger" onClick={() => void save(true)}>Overwrite</Button>
        </div>
      ) : null}
      {error ? <div role="alert" className={styles.alert}><p>{error}</p></div> : null}
      {fields.map((field) => (
        <FieldWidget key={field.name} field={field} value={values[field.name]} error={fieldErrors[field.name]} onChange={set} titles={referenceTitles} />
      ))}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? "Saving…" : "Save"}</Button>
        <span role="status" className={styles.muted}>{saved ?? (dirty ? "Unsaved changes" : "")}</span>
      </div>
    </form>
  );
}

function FieldWidget({
  field,
  value,
  error,
  onChange,
  titles,
}: {
  field: FieldDefinition;
  value: unknown;
  error?: string;
  onChange: (name: string, value: unknown) => void;
  titles: Record<string, string>;
}) {
  const label = field.required ? `${field.name} (required)` : field.name;
  const common = { label, error, required: field.required };
  const text = (value as string) ?? "";
  const onRich = useCallback((editor: Editor) => onChange(field.name, editor.getJSON()), [field.name, onChange]);

  if (field.type === "reference") {
    return <ReferencePicker label={label} collection={field.collection!} titles={titles} error={error} value={text} onChange={(id) => onChange(field.name, id)} />;
  }
  if (isReferenceList(field)) {
    return <ReferencePicker many label={label} collection={field.collection!} titles={titles} error={error} value={value as string[]} onChange={(ids) => onChange(field.name, ids)} />;
  }

  if (field.type === "richtext") {
    const errorId = `${field.name}-rich-error`;
    return (
      <div className={styles.richtext}>
        <span className={styles.richLabel} aria-hidden="true">{label}</span>
        <RichTextEditor label={field.name} initialContent={value as TiptapDocument} onChange={onRich} describedBy={error ? errorId : undefined} />
        {error ? <p id={errorId} className={styles.fieldError}>{error}</p> : null}
      </div>
    );
  }
  if (field.type === "boolean") {
    return (
      <div>
        <Checkbox label={field.name} checked={value === true} onChange={(event) => onChange(field.name, event.target.checked)} />
        {error ? <p className={styles.fieldError}>{error}</p> : null}
      </div>
    );
  }
  if (field.enum && !JSON_TYPES.includes(field.type)) {
    return (
      <SelectField {...common} value={text} onChange={(event) => onChange(field.name, event.target.value)}>
        <option value="">{field.required ? "Choose…" : "None"}</option>
        {field.enum.map((option) => (
          <option key={String(option)} value={String(option)}>{String(option)}</option>
        ))}
      </SelectField>
    );
  }
  if (field.type === "text") return <TextareaField {...common} rows={4} value={text} onChange={(event) => onChange(field.name, event.target.value)} />;
  if (JSON_TYPES.includes(field.type)) {
    let invalid: string | undefined;
    if (text.trim()) {
      try {
        const parsed = JSON.parse(text);
        if (field.type === "array" && !Array.isArray(parsed)) invalid = "Must be a JSON list ([ … ])";
        if (field.type === "object" && (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))) invalid = "Must be a JSON object ({ … })";
      } catch {
        invalid = "Not valid JSON";
      }
    }
    return (
      <TextareaField
        {...common}
        error={error ?? invalid}
        rows={5}
        spellCheck={false}
        hint={field.type === "array" ? "A JSON list" : field.type === "object" ? "A JSON object" : "Any JSON value"}
        value={text}
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    );
  }
  const inputType =
    field.type === "number" || field.type === "integer" ? "number" : field.type === "date" ? "date" : field.type === "datetime" ? "datetime-local" : field.type === "url" ? "url" : field.type === "email" ? "email" : "text";
  const zone = field.type === "datetime" ? <TimeZoneHint /> : undefined;
  return (
    <InputField
      {...common}
      type={inputType}
      step={field.type === "integer" ? 1 : field.type === "number" ? "any" : undefined}
      hint={zone ?? (field.type === "slug" ? "Lowercase letters, digits and dashes" : undefined)}
      value={text}
      onChange={(event) => onChange(field.name, event.target.value)}
    />
  );
}

/** The browser's zone, known only after hydration (the server renders in UTC). */
function TimeZoneHint() {
  const hydrated = useHydrated();
  return <>In your time zone{hydrated ? ` (${Intl.DateTimeFormat().resolvedOptions().timeZone})` : ""}, stored as UTC</>;
}
