// One labelled input of the signed-out account pages: the visible label names it, its error
// (role-less text tied by aria-describedby) describes it.
import type { ComponentProps } from "react";
import styles from "../site/sign-in.module.css";

export function TextField({ id, label, error, hint, ...props }: { id: string; label: string; error?: string; hint?: string } & ComponentProps<"input">) {
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>{label}</label>
      <input id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...props} />
      {hint ? <p id={`${id}-hint`} className={styles.hint}>{hint}</p> : null}
      {error ? <p id={`${id}-error`} className={styles.fieldError}>{error}</p> : null}
    </div>
  );
}

export const PASSWORD_HINT = "At least 10 characters, and not one of the most common passwords.";
