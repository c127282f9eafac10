"use client";
// Account → Delete account: the dialog "Delete account" asks for the password (ACCOUNTS.md).
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { deleteAccount } from "@/lib/client/account-settings-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";
import styles from "./account.module.css";

export function DeleteAccount({ username, hasPassword }: { username: string; hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    setOpen(false);
    setPassword("");
    setError(null);
  }

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      await deleteAccount({ password });
      // A whole-page load: the account and its session are gone, nothing client-side may stay.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/");
    } catch (err) {
      setError(err instanceof ApiRequestError && err.body.error === "Wrong password" ? "Wrong password" : describeError(err));
      setPending(false);
    }
  }

  return (
    <>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>Delete account</Button>
      </div>
      <Dialog open={open} onClose={close} title="Delete account">
        <form onSubmit={onSubmit} className={styles.form}>
          <p>
            This deletes <strong>{username}</strong> and its blog for good: every post, collection, media file, API key, webhook and import.
            It cannot be undone.
          </p>
          {hasPassword ? null : <p>Your account has no password yet: set one with a reset link from the sign-in page first.</p>}
          <InputField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} error={error} autoFocus />
          <div className={styles.dialogActions}>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="dangerSolid" disabled={pending || !password}>{pending ? "Deleting…" : "Delete account"}</Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
