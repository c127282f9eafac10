"use client";
// Account → Sessions: every session of the account ends, this one too.
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { signOutEverywhere } from "@/lib/client/account-settings-api";
import { Button } from "../ui/button";
import styles from "./account.module.css";

export function SignOutEverywhereButton() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onClick() {
    setPending(true);
    setError(null);
    try {
      await signOutEverywhere();
      // A whole-page load, as after any sign-out (lib/client/auth-client.ts).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/signin");
    } catch (err) {
      setError(describeError(err));
      setPending(false);
    }
  }

  return (
    <div className={styles.form}>
      <div>
        <Button onClick={() => void onClick()} disabled={pending}>{pending ? "Signing out…" : "Sign out everywhere"}</Button>
      </div>
      {error ? <p role="alert" className={styles.error}>{error}</p> : null}
    </div>
  );
}
