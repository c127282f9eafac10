"use client";
// A secret shown once (a new API key, a signing secret): a read-only textbox named by `label`,
// "Copy", and the warning that it will not be shown again.
import { useId, useRef, useState } from "react";
import { Button } from "./button";
import styles from "./secret-reveal.module.css";

export function SecretReveal({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
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
        <input ref={input} id={id} className={styles.value} readOnly value={value} aria-describedby={`${id}-warning`} onFocus={(event) => event.target.select()} />
        <Button onClick={copy}>Copy</Button>
      </div>
      <p id={`${id}-warning`} className={styles.warning} role="note">
        {children ?? "Copy it now: it will not be shown again."}
      </p>
      <p className={styles.copied} aria-live="polite">{copied ? "Copied to the clipboard." : ""}</p>
    </div>
  );
}
