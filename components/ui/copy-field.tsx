"use client";
// A value to hand on: a read-only textbox named by `label` and a copy button. An invitation link
// uses it as it is (`children`: a plain note); a secret shown once (SecretReveal) passes
// `warning`, which marks the note as the warning that names the textbox's fate.
import { useId, useRef, useState, type ReactNode } from "react";
import { Button } from "./button";
import styles from "./secret-reveal.module.css";

export function CopyField({
  label,
  value,
  copyLabel = "Copy",
  warning = false,
  children,
}: {
  label: string;
  value: string;
  copyLabel?: string;
  warning?: boolean;
  children?: ReactNode;
}) {
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

  const noteId = `${id}-note`;
  return (
    <div className={styles.reveal}>
      <label htmlFor={id} className={styles.label}>{label}</label>
      <div className={styles.row}>
        <input ref={input} id={id} className={styles.value} readOnly value={value} aria-describedby={children ? noteId : undefined} onFocus={(event) => event.target.select()} />
        <Button onClick={copy}>{copyLabel}</Button>
      </div>
      {children ? (
        <p id={noteId} className={warning ? styles.warning : styles.note} role={warning ? "note" : undefined}>
          {children}
        </p>
      ) : null}
      <p className={styles.copied} aria-live="polite">{copied ? "Copied to the clipboard." : ""}</p>
    </div>
  );
}
