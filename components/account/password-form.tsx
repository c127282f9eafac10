"use client";
// Account → Password: other sessions end, this one stays (the answer re-issues its cookie), and a
// notice is mailed (ACCOUNTS.md). An account without a password (single sign-on) sets one through
// a reset link instead.
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { changePassword } from "@/lib/client/account-settings-api";
import { Button } from "../ui/button";
import { InputField } from "../ui/field";
import styles from "./account.module.css";

export function PasswordForm() {
  const [errors, setErrors] = useState<{ password?: string; currentPassword?: string; form?: string }>({});
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = { currentPassword: String(form.get("currentPassword") ?? ""), password: String(form.get("password") ?? "") };
    setPending(true);
    setErrors({});
    setDone(false);
    try {
      await changePassword(input);
      formElement.reset();
      setDone(true);
    } catch (err) {
      if (err instanceof ApiRequestError && (err.fieldError("password") || err.fieldError("currentPassword"))) {
        setErrors({ password: err.fieldError("password"), currentPassword: err.fieldError("currentPassword") });
      } else if (err instanceof ApiRequestError && err.body.error === "Wrong password") {
        setErrors({ currentPassword: "Wrong password" });
      } else {
        setErrors({ form: describeError(err) });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Change password" noValidate>
      <InputField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      <InputField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={10}
        hint="At least 10 characters, and not one of the most common passwords. Other sessions are signed out."
        error={errors.password}
      />
      {errors.form ? <p role="alert" className={styles.error}>{errors.form}</p> : null}
      <p role="status" className={styles.status}>{done ? "Password changed. Other sessions were signed out." : ""}</p>
      <div>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? "Changing password…" : "Change password"}</Button>
      </div>
    </form>
  );
}
