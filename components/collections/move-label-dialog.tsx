"use client";
// "Move label" (DASHBOARD "Versions and labels"): the label (existing or new) and the target
// version, and — before the author confirms — the diff between the version the label points at
// now and the target, computed in the browser from the two snapshots the API serves. "Roll back"
// in the label history opens the same dialog with the past position filled in. "Schedule for
// later" makes it a scheduled move instead (MODELING): a "Move at" date-time in the author's own
// time zone, shown with it, sent as UTC; the entry page lists it under "Scheduled moves".
// Who may not move a protected label (TEAMS.md "Protected labels": below editor) requests the
// move instead: for such a label the dialog sends a review request ("Request review", with an
// optional "Note") rather than a move the API would refuse with 403 "Protected label".
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { getVersionData, moveLabel, scheduleLabelMove } from "@/lib/client/collections-api";
import { requestLabelReview } from "@/lib/client/reviews-api";
import { diffEntryData, type FieldDiff } from "@/lib/diff/value-diff";
import { VersionDiff } from "../versions/version-diff";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { isoToLocalInput, localInputToIso, zoneLabel } from "../editor/publish-controls";
import { Checkbox, InputField, SelectField, TextareaField } from "../ui/field";
import { formatLocal, useHydrated } from "../ui/local-time";
import { useToast } from "../ui/toast";
import styles from "./collections.module.css";

export type MoveTarget = { label: string; version: number };

/** The API moves now when `at` is within 5 s; the field's minutes make a minute the least that reads as "later". */
const SCHEDULE_MIN_AHEAD_MS = 60_000;

type Preview = { state: "idle" } | { state: "loading" } | { state: "new" } | { state: "same" } | { state: "diff"; fields: FieldDiff[]; from: number } | { state: "error"; message: string };

export function MoveLabelDialog({
  open,
  onClose,
  initial,
  collectionId,
  entryId,
  labels,
  versions,
  fieldTypes,
  protectedLabels = [],
  canMoveProtected = true,
}: {
  open: boolean;
  onClose: () => void;
  initial: MoveTarget | null;
  collectionId: string;
  entryId: string;
  labels: { name: string; version: number }[];
  versions: number[];
  fieldTypes: Record<string, string>;
  /** The collection's protected labels, and whether the signed-in member may move them. */
  protectedLabels?: string[];
  canMoveProtected?: boolean;
}) {
  const router = useRouter();
  const notify = useToast();
  const listId = useId();
  // The dialog is remounted for every opening (the parent keys it), so state starts from what
  // opened it: the panel's "Move label" or a history row's "Roll back".
  const [label, setLabel] = useState(initial?.label ?? "production");
  const [version, setVersion] = useState(String(initial?.version ?? versions[0] ?? ""));
  const [fetched, setFetched] = useState<{ key: string; fields?: FieldDiff[]; error?: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [later, setLater] = useState(false);
  const [when, setWhen] = useState(() => isoToLocalInput(new Date(Date.now() + 60 * 60_000).toISOString()));
  const [whenError, setWhenError] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const hydrated = useHydrated();
  // A request is made now; a scheduled move of a protected label would be refused the same way.
  const requesting = !canMoveProtected && protectedLabels.includes(label.trim());

  const current = labels.find((entry) => entry.name === label.trim());
  const target = Number(version);
  const pairKey = current && version && current.version !== target ? `${current.version}-${target}` : null;
  useEffect(() => {
    if (!open || !pairKey || !current) return;
    let cancelled = false;
    Promise.all([getVersionData(collectionId, entryId, `v_${current.version}`), getVersionData(collectionId, entryId, `v_${target}`)])
      .then(([before, after]) => {
        if (!cancelled) setFetched({ key: pairKey, fields: diffEntryData(before, after, fieldTypes).filter((field) => field.changed) });
      })
      .catch((err) => {
        if (!cancelled) setFetched({ key: pairKey, error: describeError(err) });
      });
    return () => {
      cancelled = true;
    };
  }, [open, pairKey, current, target, collectionId, entryId, fieldTypes]);

  const preview: Preview = !version
    ? { state: "idle" }
    : !current
      ? { state: "new" }
      : current.version === target
        ? { state: "same" }
        : fetched?.key !== pairKey
          ? { state: "loading" }
          : fetched.error
            ? { state: "error", message: fetched.error }
            : { state: "diff", fields: fetched.fields ?? [], from: current.version };

  async function confirm() {
    const at = later ? localInputToIso(when) : null;
    setWhenError(null);
    if (later && (!at || Date.parse(at) - Date.now() < SCHEDULE_MIN_AHEAD_MS)) {
      setWhenError("Choose a time at least a minute from now, or move the label now.");
      return;
    }
    setPending(true);
    setError(null);
    try {
      if (at) {
        await scheduleLabelMove(collectionId, entryId, label.trim(), `v_${version}`, at);
        notify(`${label.trim()} moves to v_${version} on ${formatLocal(at, true)}`, "success");
      } else {
        await moveLabel(collectionId, entryId, label.trim(), `v_${version}`);
        notify(`${label.trim()} now points at v_${version}`, "success");
      }
      onClose();
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  async function request() {
    setPending(true);
    setError(null);
    try {
      await requestLabelReview(collectionId, entryId, label.trim(), `v_${version}`, note.trim() || undefined);
      notify("Review requested", "success");
      onClose();
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  const busyLabel = requesting ? "Requesting…" : later ? "Scheduling…" : "Moving…";

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Move label"
      wide
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={requesting ? request : confirm} disabled={pending || !label.trim() || !version || preview.state === "same"}>
            {pending ? busyLabel : requesting ? "Request review" : "Move label"}
          </Button>
        </>
      }
    >
      <div className={styles.stack}>
        <InputField label="Label" value={label} list={listId} onChange={(event) => setLabel(event.target.value)} hint="An existing label, or a new name (letters, digits, - _ .)" />
        <datalist id={listId}>
          {labels.map((entry) => <option key={entry.name} value={entry.name} />)}
        </datalist>
        <SelectField label="Version" value={version} onChange={(event) => setVersion(event.target.value)}>
          {versions.map((n) => <option key={n} value={n}>v_{n}</option>)}
        </SelectField>
        {requesting ? (
          <>
            <p className={styles.muted}>
              <strong>{label.trim()}</strong> is protected: an editor moves it when they approve your request.
            </p>
            <TextareaField label="Note" rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} hint="Optional: shown to the reviewer with the request." />
          </>
        ) : (
          <Checkbox label="Schedule for later" checked={later} onChange={(event) => setLater(event.target.checked)} />
        )}
        {later && !requesting ? (
          <InputField
            label="Move at"
            type="datetime-local"
            value={when}
            required
            error={whenError}
            hint={hydrated ? `Your time zone: ${zoneLabel()}. The label moves within a minute of then; until then the entry page lists the move, with Cancel.` : undefined}
            onChange={(event) => setWhen(event.target.value)}
          />
        ) : null}
        <div className={styles.preview} aria-live="polite">
          {preview.state === "loading" ? <p className={styles.muted}>Loading the changes…</p> : null}
          {preview.state === "new" ? <p>{label.trim() || "The label"} is new: it will point at v_{version}.</p> : null}
          {preview.state === "same" ? <p>{label.trim()} already points at v_{version}.</p> : null}
          {preview.state === "error" ? <p className={styles.fieldError}>{preview.message}</p> : null}
          {preview.state === "diff" ? (
            <>
              <p>
                Moving <strong>{label.trim()}</strong> from v_{preview.from} to v_{version} changes what it serves:
              </p>
              {preview.fields.length ? (
                <VersionDiff fields={preview.fields} fromLabel={`v_${preview.from} (now)`} toLabel={`v_${version}`} caption={`Changes from v_${preview.from} to v_${version}`} />
              ) : (
                <p className={styles.muted}>The two versions hold the same data.</p>
              )}
            </>
          ) : null}
        </div>
        {error ? <div role="alert" className={styles.alert}><p>{error}</p></div> : null}
      </div>
    </Dialog>
  );
}
