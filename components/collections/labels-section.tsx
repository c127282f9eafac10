"use client";
// "Labels" and "Label history" of the entry page: each label with its version, "Move label",
// removal with a confirm, and every move newest first with "Roll back" on each past position
// (a move back through the same "Move label" dialog). Past positions whose version was pruned
// cannot be rolled back to (the API would refuse: SPEC Versioning 4).
// A member who may not move protected labels (TEAMS.md "Protected labels") requests those moves
// through the same dialog, has no "Remove" on them, and sees the entry's open requests.
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { describeError } from "@/lib/client/api-client";
import { removeLabel } from "@/lib/client/collections-api";
import type { EntryHistory } from "@/lib/collections/get-entry-history";
import { pageStyles } from "../dashboard/page-header";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { LocalTime } from "../ui/local-time";
import { Table, Th, cellClass } from "../ui/table";
import { useToast } from "../ui/toast";
import styles from "./collections.module.css";
import { MoveLabelDialog, type MoveTarget } from "./move-label-dialog";

export function LabelsSection({
  collectionId,
  entryId,
  labels,
  versions,
  moves,
  fieldTypes,
  protectedLabels,
  canMoveProtected,
  openRequests,
  children,
}: {
  collectionId: string;
  entryId: string;
  labels: EntryHistory["labels"];
  versions: number[];
  moves: EntryHistory["moves"];
  fieldTypes: Record<string, string>;
  protectedLabels: string[];
  /** `can(principal, "labels.move_protected")`, from the server page. */
  canMoveProtected: boolean;
  /** The entry's open label requests, newest first. */
  openRequests: { id: string; label: string; toVersion: string; by: string }[];
  /** Shown between "Labels" and "Label history" (the scheduled moves). */
  children?: ReactNode;
}) {
  const router = useRouter();
  const notify = useToast();
  const [move, setMove] = useState<{ open: boolean; initial: MoveTarget | null; opening: number }>({ open: false, initial: null, opening: 0 });
  const openMove = (initial: MoveTarget | null) => setMove((state) => ({ open: true, initial, opening: state.opening + 1 }));
  const [removing, setRemoving] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const retained = new Set(versions);
  // The newest move of each label is where it is now; every older one is a past position.
  const seen = new Set<string>();
  const rows = moves.map((entry) => {
    const isCurrent = !seen.has(entry.label) && entry.version !== null;
    seen.add(entry.label);
    return { ...entry, isCurrent };
  });

  async function confirmRemove() {
    if (!removing) return;
    setPending(true);
    setError(null);
    try {
      await removeLabel(collectionId, entryId, removing);
      notify(`Label ${removing} removed`, "success");
      setRemoving(null);
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <section className={pageStyles.section} aria-labelledby="labels-title">
        <div className={styles.actions}>
          <h2 id="labels-title" className={pageStyles.sectionTitle}>Labels</h2>
          <Button variant="primary" size="sm" onClick={() => openMove(null)}>Move label</Button>
        </div>
        {labels.length ? (
          <ul className={styles.labelList} aria-label="Labels of this entry">
            {labels.map((label) => (
              <li key={label.name}>
                <span>
                  <Badge tone={label.name === "production" ? "success" : "accent"}>{label.name}</Badge> → v_{label.version}
                </span>
                {canMoveProtected || !protectedLabels.includes(label.name) ? (
                  <Button size="sm" variant="danger" aria-label={`Remove label ${label.name}`} onClick={() => setRemoving(label.name)}>Remove</Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No labels: this entry is a draft. Move <code>production</code> to a version to publish it.</p>
        )}
        {openRequests.length ? (
          <ul className={styles.requestList} aria-label="Open label requests">
            {openRequests.map((request) => (
              <li key={request.id}>
                Review requested: <Badge tone="warning">{request.label}</Badge> → {request.toVersion} by {request.by}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {children}

      <section className={pageStyles.section} aria-labelledby="label-history-title">
        <h2 id="label-history-title" className={pageStyles.sectionTitle}>Label history</h2>
        {rows.length ? (
          <Table label="Label history">
            <thead>
              <tr>
                <Th>Label</Th>
                <Th>Move</Th>
                <Th>When</Th>
                <Th>By</Th>
                <Th><span className="visually-hidden">Actions</span></Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td><Badge tone={row.label === "production" ? "success" : "accent"}>{row.label}</Badge></td>
                  <td className={cellClass.nowrap}>
                    {row.previousVersion ?? "(new)"} → {row.version ?? "removed"}
                    {row.isCurrent ? <span className={styles.sub}>current</span> : null}
                  </td>
                  <td className={cellClass.nowrap}><LocalTime iso={row.movedAt} /></td>
                  <td>
                    {row.author}
                    {row.scheduled ? <span className={styles.sub}>scheduled move</span> : null}
                  </td>
                  <td>
                    {row.isCurrent || row.version === null ? null : retained.has(Number(row.version.slice(2))) ? (
                      <Button
                        size="sm"
                        aria-label={`Roll back ${row.label} to ${row.version}`}
                        onClick={() => openMove({ label: row.label, version: Number(row.version!.slice(2)) })}
                      >
                        Roll back
                      </Button>
                    ) : (
                      <span className={styles.muted}>{row.version} pruned</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <p className={styles.muted}>No label has moved yet.</p>
        )}
      </section>

      <MoveLabelDialog
        key={move.opening}
        open={move.open}
        initial={move.initial}
        onClose={() => setMove((state) => ({ ...state, open: false }))}
        collectionId={collectionId}
        entryId={entryId}
        labels={labels}
        versions={versions}
        fieldTypes={fieldTypes}
        protectedLabels={protectedLabels}
        canMoveProtected={canMoveProtected}
      />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove label"
        confirmLabel="Remove label"
        pendingLabel="Removing…"
        pending={pending}
        onConfirm={confirmRemove}
      >
        <p>
          Remove <strong>{removing}</strong>? {removing === "production" ? "The entry goes back to being a draft: public reads stop serving it. " : ""}
          The version it points at is no longer pinned and may be pruned by later writes.
        </p>
        {error ? <div role="alert" className={styles.alert}><p>{error}</p></div> : null}
      </ConfirmDialog>
    </>
  );
}
