"use client";
// /forgot-password: the answer is the same whether or not an account uses the address (202), so
// the page says the same thing either way.
import { useState } from "react";
import { explain, postJson } from "@/lib/client/account-requests";
import styles from "../site/sign-in.module.css";
import { TextField } from "./text-field";

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setPending(true);
    setError(null);
    try {
      const answer = await postJson("/api/account/password-reset", { email });
      if (answer.status === 202) setSentTo(email);
      else setError(explain(answer, ["email"]).fieldErrors.email ?? explain(answer, []).formError);
    } catch {
      setError("Could not reach the server. Check your connection.");
    } finally {
      setPending(false);
    }
  }

  if (sentTo !== null) {
    return (
      <p role="status" className={styles.notice}>
        If an account uses {sentTo}, a link to reset its password is on its way. It works for 1 hour.
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Reset password" noValidate>
      <TextField id="reset-email" name="email" type="email" label="Email" autoComplete="email" required />
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
      <button className={styles.submit} type="submit" disabled={pending}>{pending ? "Sending…" : "Send reset link"}</button>
    </form>
  );
}
