"use client";
// The entry page's pending label moves (MODELING "Scheduled label moves"): which label goes to
// which version when (in the reader's time zone, with the zone), who scheduled it, and "Cancel"
// (through the API; a move made meanwhile answers 404, which is said as such).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { cancelScheduledMove } from "@/lib/client/collections-api";
import { pageStyles } from "../dashboard/page-header";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { LocalTime } from "../ui/local-time";
import { Table, Th, cellClass } from "../ui/table";
import { useToast } from "../ui/toast";
import styles from "./collections.module.css";

export type PendingMove = { id: string; label: string; version: string; at: string; by: string };

export function ScheduledMoves({ collectionId, moves }: { collectionId: string; moves: PendingMove[] }) {
  const router = useRouter();
  const notify = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function cancel(move: PendingMove) {
    setPending(move.id);
    setError(null);
    try {
      await cancelScheduledMove(collectionId, move.id);
      notify(`The move of ${move.label} to ${move.version} is cancelled`, "success");
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.status === 404 ? `The move of ${move.label} was already made or cancelled.` : describeError(err));
      router.refresh();
    } finally {
      setPending(null);
    }
  }

  return (
    <section className={pageStyles.section} aria-labelledby="scheduled-title">
      <h2 id="scheduled-title" className={pageStyles.sectionTitle}>Scheduled moves</h2>
      {error ? <div role="alert" className={styles.alert}><p>{error}</p></div> : null}
      {moves.length ? (
        <Table label="Scheduled moves">
          <thead>
            <tr>
              <Th>Label</Th>
              <Th>To</Th>
              <Th>At</Th>
              <Th>By</Th>
              <Th><span className="visually-hidden">Actions</span></Th>
            </tr>
          </thead>
          <tbody>
            {moves.map((move) => (
              <tr key={move.id}>
                <td><Badge tone={move.label === "production" ? "success" : "accent"}>{move.label}</Badge></td>
                <td className={cellClass.nowrap}>{move.version}</td>
                <td className={cellClass.nowrap}><LocalTime iso={move.at} withZone /></td>
                <td>{move.by}</td>
                <td>
                  <Button size="sm" disabled={pending === move.id} onClick={() => void cancel(move)}>Cancel</Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p className={styles.muted}>No label moves are scheduled. “Move label” can schedule one for later.</p>
      )}
    </section>
  );
}
