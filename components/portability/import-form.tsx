"use client";
// The Import page's form (PORTABILITY): a source, a file, "Start import"; then a progress bar
// named "Import progress" that follows GET /api/imports/:id once a second (each poll also
// resumes an import whose server stopped), and the report: counts, warnings, error. A file over
// 4 MiB goes straight to storage first (the SDK's upload flow), with an "Upload progress" bar.
import { useEffect, useRef, useState } from "react";
import type { ImportReport, ImportSource } from "@inkbase/sdk";
import { describeError } from "@/lib/client/api-client";
import { getImportReport, startImport } from "@/lib/client/portability-api";
import { Button } from "../ui/button";
import { Checkbox, InputField, SelectField } from "../ui/field";
import styles from "./portability.module.css";

const SOURCES: { value: ImportSource; label: string; accept: string }[] = [
  { value: "ghost", label: "Ghost (JSON export)", accept: ".json,.zip,application/json" },
  { value: "wordpress", label: "WordPress (WXR export)", accept: ".xml,.zip,text/xml,application/xml" },
  { value: "markdown", label: "Markdown files (.md or .zip)", accept: ".md,.markdown,.zip,text/markdown" },
  { value: "inkbase", label: "Inkbase (JSON export .zip)", accept: ".zip,.json" },
];

export function ImportForm() {
  const [source, setSource] = useState<ImportSource>("ghost");
  const [file, setFile] = useState<File | null>(null);
  const [dryRun, setDryRun] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  async function follow(id: string) {
    try {
      const next = await getImportReport(id);
      setReport(next);
      if (next.status === "running") timer.current = setTimeout(() => void follow(id), 1000);
      else setPending(false);
    } catch (err) {
      setError(describeError(err));
      setPending(false);
    }
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!file) {
      setError("Choose a file to import");
      return;
    }
    setPending(true);
    setError(null);
    setReport(null);
    try {
      const started = await startImport(file, source, dryRun, setSent);
      setSent(null);
      await follow(started.id);
    } catch (err) {
      setError(describeError(err));
      setSent(null);
      setPending(false);
    }
  }

  const accept = SOURCES.find((s) => s.value === source)?.accept;
  const total = report?.progress.total ?? 0;
  const done = report?.progress.done ?? 0;

  return (
    <>
      <form onSubmit={onSubmit} className={styles.form}>
        <SelectField label="Source" name="source" value={source} onChange={(event) => setSource(event.target.value as ImportSource)}>
          {SOURCES.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </SelectField>
        <InputField
          label="Export file"
          name="file"
          type="file"
          accept={accept}
          hint="Importing the same file again updates what it imported before; it never duplicates a post or overwrites one you wrote here."
          error={error}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Checkbox label="Dry run: only report what would happen" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={pending}>{pending ? "Importing…" : "Start import"}</Button>
        </div>
      </form>

      {sent !== null && file ? (
        <div className={styles.progressRow}>
          <progress className={styles.progress} aria-label="Upload progress" max={1} value={sent} />
          <p className={styles.hint} aria-live="polite">{`Sending ${file.name}: ${Math.round(sent * 100)}%`}</p>
        </div>
      ) : null}

      {report ? (
        <section aria-labelledby="import-report" className={styles.form}>
          <h2 id="import-report">{report.status === "running" ? "Importing…" : report.status === "succeeded" ? (report.dryRun ? "Dry run finished" : "Import finished") : "Import failed"}</h2>
          <div className={styles.progressRow}>
            <progress className={styles.progress} aria-label="Import progress" max={Math.max(total, 1)} value={report.status === "running" ? done : Math.max(total, 1)} />
            <p className={styles.hint} aria-live="polite">{`${done} of ${total} items`}</p>
          </div>
          {report.error ? <p role="alert" className={styles.error}>{report.error}</p> : null}
          <dl className={styles.counts}>
            <div><dt>Created</dt><dd data-testid="import-created">{report.created}</dd></div>
            <div><dt>Updated</dt><dd data-testid="import-updated">{report.updated}</dd></div>
            <div><dt>Skipped</dt><dd data-testid="import-skipped">{report.skipped}</dd></div>
            <div>
              <dt>Images copied</dt>
              <dd data-testid="import-images">
                {report.images.copied}
                <span className={styles.countDetail}>{`${report.images.reused} already in the library · ${report.images.failed} failed`}</span>
              </dd>
            </div>
          </dl>
          {report.warnings.length ? (
            <>
              <h3>{`Warnings (${report.warnings.length})`}</h3>
              <ul className={styles.warnings}>
                {report.warnings.map((warning, index) => (
                  <li key={index}><strong>{warning.item}</strong>: {warning.message}</li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
