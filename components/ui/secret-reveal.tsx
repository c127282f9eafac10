"use client";
// A secret shown once (a new API key, a signing secret): a read-only textbox named by `label`,
// "Copy", and the warning that it will not be shown again.
import type { ReactNode } from "react";
import { CopyField } from "./copy-field";

export function SecretReveal({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <CopyField label={label} value={value} warning>
      {children ?? "Copy it now: it will not be shown again."}
    </CopyField>
  );
}
