// The account pages' calls (/setup, /signup, /forgot-password, /reset-password, /verify-email,
// /confirm-email): one small JSON POST with plain fetch, not the SDK, so these signed-out pages
// stay within their JavaScript budget (ACCOUNTS.md: 60 KB gzip; bench/accounts).
export type Issue = { path: string[]; message: string };
export type Answer = { status: number; body: { error?: string; message?: string; issues?: Issue[] } & Record<string, unknown> };

export async function postJson(path: string, body: unknown): Promise<Answer> {
  const res = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = (await res.json().catch(() => ({}))) as Answer["body"];
  return { status: res.status, body: parsed };
}

/** One message per field named by the API's issues, and what is left for the form as a whole. */
export function explain(answer: Answer, fields: readonly string[]): { fieldErrors: Record<string, string>; formError: string | null } {
  const fieldErrors: Record<string, string> = {};
  for (const issue of answer.body.issues ?? []) {
    const field = issue.path[0];
    if (field && fields.includes(field) && !fieldErrors[field]) fieldErrors[field] = issue.message;
  }
  if (Object.keys(fieldErrors).length) return { fieldErrors, formError: null };
  if (answer.status === 429) return { fieldErrors, formError: answer.body.message ?? "Too many attempts. Wait a moment and try again." };
  if (answer.status >= 500) return { fieldErrors, formError: "The server failed. Try again in a moment." };
  return { fieldErrors, formError: answer.body.error ?? `Something went wrong (${answer.status}).` };
}
