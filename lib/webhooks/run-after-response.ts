// Work a request asked for but need not wait for (a redelivery): Next's after() runs it once the
// response is sent (on Vercel it keeps the function alive for it). Outside a request (scripts,
// tests calling a route function directly) it simply runs in the background, once the request's
// transaction (lib/request-context) has committed.
import { after } from "next/server";
import { afterCommit } from "../request-context/request-context";

export function runAfterResponse(label: string, task: () => Promise<unknown>): void {
  const run = () =>
    task().catch((err: unknown) => {
      console.error(`[webhooks] ${label} failed`, err);
    });
  // Never ahead of the change it follows: a keyed write's transaction commits after its handler.
  afterCommit(() => {
    try {
      after(run);
    } catch {
      void run();
    }
  });
}
