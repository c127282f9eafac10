"use client";
// A value to hand on (an invitation link): a read-only textbox named by `label` and a copy
// button ("Copy link"). Unlike SecretReveal it carries no "shown once" warning of its own: the
// caller says what is true of its value.
import { useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import styles from "./secret-reveal.module.css";

export function CopyField({ label, value, copyLabel = "Copy", children }: { label: string; value: string; copyLabel?: string; children?: ReactNode }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    input.current?.select();
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard permission (or an insecure origin): the text is selected for Ctrl+C.
      document.execCommand?.("copy");
    }
    setCopied(true);
  }

  return (
    <div className={styles.reveal}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <div className={styles.row}>
        <input ref={input} id={id} className={styles.value} readOnly value={value} aria-describedby={children ? `${id}-note` : undefined} onFocus={(event) => event.target.select()} />
        <Button onClick={copy}>{copyLabel}</Button>
      </div>
      {children ? <p id={`${id}-note`} className={styles.note}>{children}</p> : null}
      <p className={styles.copied} aria-live="polite">{copied ? "Copied to the clipboard." : ""}</p>
    </div>
  );
}
