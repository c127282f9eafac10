"use client";
// "Remove" on one member's row opens "Remove member", which asks "Give their posts to" (TEAMS.md:
// removing a member loses nothing; their posts get a new creator, bylines keep their name).
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { removeMember } from "@/lib/client/members-api";
import { useProjectRouter } from "../dashboard/project-link";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { SelectField } from "../ui/field";
import { useToast } from "../ui/toast";
import styles from "./members.module.css";

export type Heir = { userId: string; label: string };

/** `heirs`: who may receive the posts, the owner first (the default). */
export function RemoveMemberDialog({ userId, name, heirs }: { userId: string; name: string; heirs: Heir[] }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [open, setOpen] = useState(false);
  const [heir, setHeir] = useState(heirs[0]?.userId ?? "");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    setOpen(false);
    setError(null);
  }

  async function remove(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await removeMember(userId, heir || null);
      setOpen(false);
      notify(`${name} was removed`, "success");
      router.refresh();
    } catch (err) {
      setError(describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button size="sm" variant="danger" onClick={() => setOpen(true)}>Remove</Button>
      <Dialog
        open={open}
        onClose={close}
        title="Remove member"
        actions={
          <>
            <Button onClick={close}>Cancel</Button>
            <Button variant="dangerSolid" type="submit" form={`remove-${userId}`} disabled={pending}>{pending ? "Removing…" : "Remove member"}</Button>
          </>
        }
      >
        <form id={`remove-${userId}`} className={styles.form} onSubmit={remove}>
          <p className={styles.muted}>
            {name} loses access to this project at once and their personal keys stop working. Nothing they wrote is lost: bylines keep their name, and revisions and the audit log still show it.
          </p>
          <SelectField label="Give their posts to" name="reassignTo" value={heir} hint="Becomes the creator of the posts they created here." onChange={(event) => setHeir(event.target.value)}>
            {heirs.map((option) => (
              <option key={option.userId} value={option.userId}>{option.label}</option>
            ))}
          </SelectField>
          {error ? <p role="alert" className={styles.error}>{error}</p> : null}
        </form>
      </Dialog>
    </>
  );
}
