"use client";

import { signInWithPassword } from "@/lib/client/auth-client";
import { useState } from "react";
import styles from "./site/sign-in.module.css";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const failure = await signInWithPassword(String(form.get("email") ?? ""), String(form.get("password") ?? "")).catch(() => "network");
    if (failure) {
      setPending(false);
      setError(
        failure === "network"
          ? "Could not reach the server. Check your connection."
          : failure.startsWith("throttled:")
            ? failure.slice("throttled:".length)
            : "Wrong email or password.",
      );
      return;
    }
    // A whole-page load, not router.push: everything the client router holds was fetched signed
    // out. In particular the header's /dashboard link is prefetched on this page, and that
    // prefetch was answered with the redirect back to /signin (proxy.ts); a client-side push to
    // /dashboard replayed it and left the author on this form, signed in. Signing in changes who
    // every page is for, so nothing from before it may be reused (signOut does the same).
    window.location.assign(callbackUrl);
  }

  return (
    <form onSubmit={onSubmit} className={styles.form} aria-label="Sign in">
      <label className={styles.label}>
        Email
        <input className={styles.input} name="email" type="email" autoComplete="email" required />
      </label>
      <label className={styles.label}>
        Password
        <input className={styles.input} name="password" type="password" autoComplete="current-password" required />
      </label>
      {error && <p role="alert" className={styles.error}>{error}</p>}
      <button className={styles.submit} type="submit" disabled={pending}>{pending ? "Signing in…" : "Sign in"}</button>
    </form>
  );
}
