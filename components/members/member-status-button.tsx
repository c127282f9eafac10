"use client";
// "Suspend" / "Reinstate" on one member's row. Suspension is undone by reinstating, so it asks no
// confirmation; while suspended the member's sessions lose the project and their personal keys
// answer 401 (TEAMS.md).
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { updateMember } from "@/lib/client/members-api";
import { useProjectRouter } from "../dashboard/project-link";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";
import styles from "./members.module.css";

export function MemberStatusButton({ userId, name, status }: { userId: string; name: string; status: "active" | "suspended" }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = status === "active" ? "suspended" : "active";

  async function toggle() {
    setPending(true);
    setError(null);
    try {
      await updateMember(userId, { status: next });
      notify(next === "suspended" ? `${name} is suspended` : `${name} is reinstated`, "success");
      router.refresh();
    } catch (err) {
      setError(err instanceof ApiRequestError && err.body.error === "Member limit reached" ? `Member limit reached (${String(err.body.limit)} seats).` : describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" variant={status === "active" ? "secondary" : "primary"} onClick={toggle} disabled={pending}>
        {status === "active" ? "Suspend" : "Reinstate"}
      </Button>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </>
  );
}
