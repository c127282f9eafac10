"use client";
// /verify-email and /confirm-email: the mailed link is followed once the page has loaded (a POST
// with its token; nothing happens on the GET itself, so a mail scanner fetching the URL does not
// use the link up without running the page). No session is needed.
import { useEffect, useRef, useState } from "react";
import { postJson } from "@/lib/client/account-requests";
import styles from "../site/sign-in.module.css";

type State = { kind: "working" } | { kind: "done"; email?: string } | { kind: "failed"; message: string };

export function FollowLink({ action, token }: { action: "verify-email" | "confirm-email"; token: string }) {
  const [state, setState] = useState<State>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    postJson(`/api/account/${action}`, { token })
      .then((answer) => {
        if (answer.status === 200) setState({ kind: "done", email: typeof answer.body.email === "string" ? answer.body.email : undefined });
        else setState({ kind: "failed", message: answer.status === 429 ? "Too many attempts. Wait a moment and reload this page." : (answer.body.error ?? `Something went wrong (${answer.status}).`) });
      })
      .catch(() => setState({ kind: "failed", message: "Could not reach the server. Check your connection and reload this page." }));
  }, [action, token]);

  if (state.kind === "working") return <p role="status">{action === "verify-email" ? "Verifying your email address…" : "Confirming your new email address…"}</p>;
  if (state.kind === "failed") {
    return (
      <p role="alert" className={styles.error}>
        {state.message}
      </p>
    );
  }
  return (
    <p role="status" className={styles.notice}>
      {action === "verify-email" ? "Email address verified" : `Email address changed to ${state.email ?? "the new address"}`}
    </p>
  );
}
