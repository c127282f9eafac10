"use client";
// "Invite member" (TEAMS.md "Dashboard"): the dialog "Invite member" with "Email" and "Role",
// "Create invitation"; then the link, read-only in "Invitation link" with "Copy link". No mail
// server is needed: the inviter hands the link on (it is mailed too when SMTP_URL is set).
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { inviteMember, type CreatedInvitation, type MemberRole } from "@/lib/client/members-api";
import { useProjectRouter } from "../dashboard/project-link";
import { Button } from "../ui/button";
import { CopyField } from "../ui/copy-field";
import { Dialog } from "../ui/dialog";
import { InputField, SelectField } from "../ui/field";
import { LocalTime } from "../ui/local-time";
import styles from "./members.module.css";
import { roleLabel } from "./role-label";

/** `roles`: the roles this caller may invite (from can() on the server), least first. */
export function InviteMemberDialog({ roles }: { roles: MemberRole[] }) {
  const router = useProjectRouter();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>(roles.includes("contributor") ? "contributor" : roles[0]);
  const [errors, setErrors] = useState<{ email?: string; role?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedInvitation | null>(null);

  function close() {
    setOpen(false);
    setEmail("");
    setErrors({});
    setCreated(null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setErrors({ email: "Enter the address to invite." });
      return;
    }
    setPending(true);
    setErrors({});
    try {
      setCreated(await inviteMember({ email: email.trim(), role }));
      router.refresh();
    } catch (err) {
      const emailError = err instanceof ApiRequestError ? err.fieldError("email") : undefined;
      // "Already a member" and "Already invited" are about the address: said beside it.
      const aboutEmail = err instanceof ApiRequestError && err.status === 409 ? err.body.error : undefined;
      const limit = err instanceof ApiRequestError && err.body.error === "Member limit reached" ? `Member limit reached: this plan has ${String(err.body.limit)} seats besides the owner.` : undefined;
      setErrors({ email: emailError ?? aboutEmail, role: err instanceof ApiRequestError ? err.fieldError("role") : undefined, form: emailError || aboutEmail ? undefined : (limit ?? describeError(err)) });
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>Invite member</Button>
      <Dialog
        open={open}
        onClose={close}
        title="Invite member"
        actions={
          created ? (
            <Button variant="primary" onClick={close}>Done</Button>
          ) : (
            <>
              <Button onClick={close}>Cancel</Button>
              <Button variant="primary" type="submit" form="invite-member-form" disabled={pending}>{pending ? "Creating…" : "Create invitation"}</Button>
            </>
          )
        }
      >
        {created ? (
          <CopyField label="Invitation link" value={created.url} copyLabel="Copy link">
            Send this link to {created.email}. It works once, only for that address, until <LocalTime iso={created.expiresAt} />; they join as {roleLabel(created.role).toLowerCase()}. It is not shown again: “Resend” makes a new one.
          </CopyField>
        ) : (
          <form id="invite-member-form" className={styles.form} onSubmit={submit} noValidate>
            <InputField label="Email" name="email" type="email" autoComplete="off" required maxLength={320} value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
            <SelectField label="Role" name="role" value={role} error={errors.role} hint={roleHint(role)} onChange={(event) => setRole(event.target.value as MemberRole)}>
              {roles.map((option) => (
                <option key={option} value={option}>{roleLabel(option)}</option>
              ))}
            </SelectField>
            {errors.form ? <p role="alert" className={styles.error}>{errors.form}</p> : null}
          </form>
        )}
      </Dialog>
    </>
  );
}

function roleHint(role: MemberRole): string {
  switch (role) {
    case "viewer": return "Reads everything, drafts included; changes nothing. Does not take a seat.";
    case "contributor": return "Writes drafts and asks for review; cannot publish.";
    case "author": return "Writes and publishes their own posts.";
    case "editor": return "Edits and publishes every post, reviews, invites contributors and authors.";
    case "admin": return "Everything but the owner's: members, collections, webhooks, imports and exports.";
  }
}
