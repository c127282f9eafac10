"use client";
// Co-authors: Inkbase users by username (they choose themselves whether the post shows on their
// blog) or people elsewhere by name, handle and URL. The list replaces the post's on save.
import { useState } from "react";
import { Button } from "../ui/button";
import { InputField, SelectField } from "../ui/field";
import styles from "./editor.module.css";
import type { CoauthorValue } from "./post-fields";

const nameOf = (coauthor: CoauthorValue) => (coauthor.kind === "user" ? `@${coauthor.username}` : coauthor.externalName);

export function CoauthorsField({ value, error, onChange }: { value: CoauthorValue[]; error?: string; onChange: (next: CoauthorValue[]) => void }) {
  const [kind, setKind] = useState<"user" | "external">("user");
  const [name, setName] = useState("");
  const [handle, setHandle] = useState("");
  const [url, setUrl] = useState("");

  function add() {
    const trimmed = name.trim().replace(/^@/, "");
    if (!trimmed) return;
    onChange([
      ...value,
      kind === "user" ? { kind, username: trimmed.toLowerCase() } : { kind, externalName: trimmed, externalHandle: handle.trim(), externalUrl: url.trim() },
    ]);
    setName("");
    setHandle("");
    setUrl("");
  }

  return (
    <fieldset className={styles.group} style={{ border: 0, padding: 0, margin: 0 }}>
      <legend className={styles.titleLabel}>Co-authors</legend>
      {value.length ? (
        <ul style={{ margin: 0, paddingLeft: "1.1rem", display: "grid", gap: "var(--space-1)" }}>
          {value.map((coauthor, index) => (
            <li key={`${nameOf(coauthor)}-${index}`}>
              {nameOf(coauthor)}{" "}
              <Button size="sm" variant="ghost" onClick={() => onChange(value.filter((_, i) => i !== index))}>
                Remove {nameOf(coauthor)}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.counts} style={{ margin: 0 }}>No co-authors.</p>
      )}
      {error ? <p role="alert" className={styles.statusError} style={{ margin: 0 }}>{error}</p> : null}
      <SelectField label="Co-author type" value={kind} onChange={(event) => setKind(event.target.value as "user" | "external")}>
        <option value="user">Inkbase user</option>
        <option value="external">Someone else</option>
      </SelectField>
      <InputField label={kind === "user" ? "Co-author username" : "Co-author name"} value={name} onChange={(event) => setName(event.target.value)} />
      {kind === "external" ? (
        <>
          <InputField label="Co-author handle" value={handle} placeholder="@someone" onChange={(event) => setHandle(event.target.value)} />
          <InputField label="Co-author URL" type="url" value={url} placeholder="https://…" onChange={(event) => setUrl(event.target.value)} />
        </>
      ) : null}
      <div>
        <Button size="sm" onClick={add} disabled={!name.trim()}>Add co-author</Button>
      </div>
    </fieldset>
  );
}
