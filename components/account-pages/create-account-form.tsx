"use client";
// The first-run setup form (/setup) and the sign-up form (/signup): one account made through our
// API, then signed in through next-auth's own endpoints, then the dashboard (a whole-page load, as
// after any sign-in: see components/sign-in-form.tsx).
import { useState } from "react";
import { explain, postJson } from "@/lib/client/account-requests";
import { signInWithPassword } from "@/lib/client/auth-client";
import styles from "../site/sign-in.module.css";
import { PASSWORD_HINT, TextField } from "./text-field";

type Field = "code" | "username" | "email" | "password";

export function CreateAccountForm({ kind }: { kind: "setup" | "signup" }) {
  const fields: Field[] = kind === "setup" ? ["code", "username", "email", "password"] : ["username", "email", "password"];
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(fields.map((field) => [field, String(form.get(field) ?? "")]));
    setPending(true);
    setFormError(null);
    setFieldErrors({});
    try {
      const answer = await postJson(kind === "setup" ? "/api/account/setup" : "/api/account/signup", values);
      if (answer.status !== 201) {
        const explained = explain(answer, fields);
        // The conflicts and the wrong code belong to a field.
        if (answer.body.error === "Invalid setup code") explained.fieldErrors.code = "Invalid setup code";
        else if (answer.body.error === "Username taken") explained.fieldErrors.username = "Username taken";
        else if (answer.body.error === "Email already registered") explained.fieldErrors.email = "Email already registered";
        setFieldErrors(explained.fieldErrors);
        setFormError(Object.keys(explained.fieldErrors).length ? null : explained.formError);
        setPending(false);
        return;
      }
      const failure = await signInWithPassword(values.email, values.password);
      window.location.assign(failure ? "/signin" : "/dashboard");
    } catch {
      setFormError("Could not reach the server. Check your connection.");
      setPending(false);
    }
  }

  const error = (field: Field) => fieldErrors[field];
  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label={kind === "setup" ? "Set up Inkbase" : "Create account"} noValidate>
      {kind === "setup" ? (
        <TextField id="setup-code" name="code" label="Setup code" autoComplete="off" spellCheck={false} required error={error("code")}
          hint="Printed in the server's log when it starts, or the SETUP_CODE you set." />
      ) : null}
      <TextField id="new-username" name="username" label="Username" autoComplete="username" autoCapitalize="none" spellCheck={false} required error={error("username")}
        hint="Your blog's address: lowercase letters, digits and hyphens." />
      <TextField id="new-email" name="email" type="email" label="Email" autoComplete="email" required error={error("email")} />
      <TextField id="new-password" name="password" type="password" label="Password" autoComplete="new-password" required minLength={10} error={error("password")} hint={PASSWORD_HINT} />
      {formError ? <p role="alert" className={styles.error}>{formError}</p> : null}
      <button className={styles.submit} type="submit" disabled={pending}>{pending ? "Creating account…" : "Create account"}</button>
    </form>
  );
}
