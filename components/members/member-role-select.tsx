"use client";
// The "Role" select of one member's row (shown only where can() allows the change). A change is
// saved at once; a refusal (e.g. "Member limit reached" when promoting a viewer) puts the old
// role back and says why beside the select.
import { useId, useState } from "react";
import { describeError, ApiRequestError } from "@/lib/client/api-client";
import { updateMember, type MemberRole } from "@/lib/client/members-api";
import { useProjectRouter } from "../dashboard/project-link";
import { useToast } from "../ui/toast";
import styles from "./members.module.css";
import { roleLabel } from "./role-label";

export function MemberRoleSelect({ userId, name, role, roles }: { userId: string; name: string; role: MemberRole; roles: MemberRole[] }) {
  const router = useProjectRouter();
  const notify = useToast();
  const errorId = useId();
  const [value, setValue] = useState<MemberRole>(role);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(next: MemberRole) {
    const previous = value;
    setValue(next);
    setPending(true);
    setError(null);
    try {
      await updateMember(userId, { role: next });
      notify(`${name} is now ${roleLabel(next).toLowerCase()}`, "success");
      router.refresh();
    } catch (err) {
      setValue(previous);
      setError(err instanceof ApiRequestError && err.body.error === "Member limit reached" ? `Member limit reached (${String(err.body.limit)} seats).` : describeError(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className={styles.roleCell}>
      <select
        aria-label="Role"
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        className={styles.roleSelect}
        value={value}
        disabled={pending}
        onChange={(event) => change(event.target.value as MemberRole)}
      >
        {roles.map((option) => (
          <option key={option} value={option}>{roleLabel(option)}</option>
        ))}
      </select>
      {error ? <p id={errorId} role="alert" className={styles.error}>{error}</p> : null}
    </div>
  );
}
