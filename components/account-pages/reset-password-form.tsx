"use client";
// /reset-password?token=…: a new password from the mailed link; then /signin says "Password changed".
import Link from "next/link";
import { useState } from "react";
import { explain, postJson } from "@/lib/client/account-requests";
import styles from "../site/sign-in.module.css";
import { PASSWORD_HINT, TextField } from "./text-field";

export function ResetPasswordForm({ token }: { token: string }) {
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setFormError(null);
    setPasswordError(undefined);
    try {
      const answer = await postJson("/api/account/password-reset/confirm", { token, password });
      if (answer.status === 200) {
        // A whole-page load: every session of the account has just ended, this browser's too.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/signin?passwordChanged=1");
        return;
      }
      const { fieldErrors, formError } = explain(answer, ["password"]);
      setPasswordError(fieldErrors.password);
      setFormError(formError);
      setDeadLink(answer.body.error === "Invalid or expired link");
    } catch {
      setFormError("Could not reach the server. Check your connection.");
    }
    setPending(false);
  }

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Password reset" noValidate>
      <TextField id="reset-new-password" name="password" type="password" label="New password" autoComplete="new-password" required minLength={10} error={passwordError} hint={PASSWORD_HINT} />
      {formError ? (
        <p role="alert" className={styles.error}>
          {formError}
          {deadLink ? <> — <Link href="/forgot-password">ask for a new link</Link>.</> : null}
        </p>
      ) : null}
      <button className={styles.submit} type="submit" disabled={pending}>{pending ? "Setting password…" : "Set password"}</button>
    </form>
  );
}
