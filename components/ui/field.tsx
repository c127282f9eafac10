"use client";
// Form controls with their label, hint and error wired together: the label names the control
// (tests find fields by their visible label), the hint and error describe it.
import { useId, type ComponentProps, type ReactNode } from "react";
import styles from "./field.module.css";

type FieldProps = { label: ReactNode; hint?: ReactNode; error?: string | null; className?: string };

function describedBy(id: string, hint?: ReactNode, error?: string | null): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

function FieldFrame({ id, label, hint, error, className, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className={styles.hint}>{hint}</p> : null}
      {error ? <p id={`${id}-error`} className={styles.error}>{error}</p> : null}
    </div>
  );
}

export function InputField({ label, hint, error, className, id: givenId, ...props }: FieldProps & ComponentProps<"input">) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <input id={id} className={styles.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...props} />
    </FieldFrame>
  );
}

export function TextareaField({ label, hint, error, className, id: givenId, ...props }: FieldProps & ComponentProps<"textarea">) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <textarea id={id} className={styles.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...props} />
    </FieldFrame>
  );
}

export function SelectField({ label, hint, error, className, id: givenId, children, ...props }: FieldProps & ComponentProps<"select">) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <select id={id} className={styles.control} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A checkbox named by its visible label (or by `aria-label` when the label is visually elsewhere). */
export function Checkbox({ label, className, ...props }: { label?: ReactNode } & Omit<ComponentProps<"input">, "type">) {
  return (
    <label className={[styles.checkbox, className].filter(Boolean).join(" ")}>
      <input type="checkbox" {...props} />
      {label}
    </label>
  );
}
