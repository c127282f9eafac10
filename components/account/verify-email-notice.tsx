"use client";
// The dashboard's notice for an account whose address is not verified yet (ACCOUNTS.md): what
// waits for the link, and a way to have it sent again.
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { resendVerification } from "@/lib/client/account-settings-api";
import { Button } from "../ui/button";
import styles from "./account.module.css";

export function VerifyEmailNotice({ email }: { email: string }) {
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" } | { kind: "failed"; message: string }>({ kind: "idle" });

  async function resend() {
    setState({ kind: "sending" });
    try {
      await resendVerification();
      setState({ kind: "sent" });
    } catch (err) {
      setState({ kind: "failed", message: describeError(err) });
    }
  }

  return (
    <section className={styles.notice} aria-labelledby="verify-email-notice">
      <p id="verify-email-notice" className={styles.noticeTitle}>Verify your email address</p>
      <p>
        We sent a link to <strong>{email}</strong>. Until you follow it you can write drafts, but not publish, schedule or create API keys.
      </p>
      <div className={styles.noticeActions}>
        <Button size="sm" onClick={() => void resend()} disabled={state.kind === "sending"}>
          {state.kind === "sending" ? "Sending…" : "Resend verification email"}
        </Button>
        <p role="status" className={styles.noticeStatus}>
          {state.kind === "sent" ? "Sent. Check your inbox." : state.kind === "failed" ? state.message : ""}
        </p>
      </div>
    </section>
  );
}
