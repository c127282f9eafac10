// Sign-in and sign-out against next-auth's own endpoints (DECISIONS §2: GET /api/auth/csrf, then a
// form POST), without next-auth/react: that client brings ~10 KB gzip and a regenerator runtime to
// every dashboard page for two calls.

async function csrfToken(): Promise<string> {
  const res = await fetch("/api/auth/csrf", { credentials: "same-origin", cache: "no-store" });
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

function form(values: Record<string, string>) {
  return { method: "POST", credentials: "same-origin" as const, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(values) };
}

/** Resolves with null when signed in, else the error next-auth reported (e.g. "CredentialsSignin"). */
export async function signInWithPassword(email: string, password: string): Promise<string | null> {
  const res = await fetch("/api/auth/callback/credentials", form({ csrfToken: await csrfToken(), email, password, json: "true" }));
  const body = (await res.json().catch(() => ({}))) as { url?: string; message?: string };
  // 429: too many failed attempts; the server's message says when to try again.
  if (res.status === 429) return `throttled:${body.message ?? "Too many failed sign-in attempts. Try again later."}`;
  if (!res.ok) return `HTTP ${res.status}`;
  const error = body.url ? new URL(body.url, window.location.origin).searchParams.get("error") : null;
  return error;
}

export async function signOut(then = "/signin"): Promise<void> {
  await fetch("/api/auth/signout", form({ csrfToken: await csrfToken(), json: "true" }));
  window.location.assign(then);
}
