"use client";
// Account → Email: a new address gets a confirmation link; until it is followed the account keeps
// its address (ACCOUNTS.md).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { changeEmail } from "@/lib/client/account-settings-api";
import { Button } from "../ui/button";
import { InputField } from "../ui/field";
import styles from "./account.module.css";

export function EmailForm({ email, pendingEmail }: { email: string; pendingEmail: string | null }) {
  const router = useRouter();
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string; form?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const input = { email: String(form.get("email") ?? "").trim(), currentPassword: String(form.get("currentPassword") ?? "") };
    setPending(true);
    setErrors({});
    setSentTo(null);
    try {
      await changeEmail(input);
      setSentTo(input.email.toLowerCase());
      formElement.reset();
      router.refresh();
    } catch (err) {
      if (err instanceof ApiRequestError && (err.fieldError("email") || err.fieldError("currentPassword"))) {
        setErrors({ email: err.fieldError("email"), currentPassword: err.fieldError("currentPassword") });
      } else if (err instanceof ApiRequestError && err.body.error === "Wrong password") {
        setErrors({ currentPassword: "Wrong password" });
      } else if (err instanceof ApiRequestError && err.body.error === "Email already registered") {
        setErrors({ email: "Email already registered" });
      } else {
        setErrors({ form: describeError(err) });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Change email" noValidate>
      <p className={styles.current}>
        Your address is <strong>{email}</strong>.
        {pendingEmail && !sentTo ? <> A confirmation link was sent to <strong>{pendingEmail}</strong>.</> : null}
      </p>
      <InputField label="New email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <InputField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={errors.currentPassword} />
      {errors.form ? <p role="alert" className={styles.error}>{errors.form}</p> : null}
      <p role="status" className={styles.status}>{sentTo ? `We sent a confirmation link to ${sentTo}. Your address changes once you follow it.` : ""}</p>
      <div>
        <Button type="submit" variant="primary" disabled={pending}>{pending ? "Sending link…" : "Change email"}</Button>
      </div>
    </form>
  );
}
