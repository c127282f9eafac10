// The smoke list's HTTP client: requests to the front with a cookie jar (a signed-in browser's
// session) or an API key, and answers read once into status, headers, text and JSON.
export type Answer = { status: number; headers: Headers; text: string; json: unknown; bytes: Buffer; ms: number };

export type SmokeClient = {
  base: string;
  cookies: Map<string, string>;
  request(path: string, init?: RequestInit & { key?: string; session?: boolean }): Promise<Answer>;
};

export function smokeClient(base: string): SmokeClient {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    base,
    cookies,
    async request(path, init = {}) {
      const { key, session, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set("Authorization", `Bearer ${key}`);
      if (session && cookies.size) headers.set("Cookie", cookieHeader());
      const started = performance.now();
      const res = await fetch(new URL(path, base), { redirect: "manual", ...rest, headers });
      for (const header of res.headers.getSetCookie()) {
        const [pair] = header.split(";");
        const eq = pair.indexOf("=");
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const bytes = Buffer.from(await res.arrayBuffer());
      const text = bytes.toString("utf8");
      let json: unknown = undefined;
      try {
        json = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, headers: res.headers, text, json, bytes, ms: performance.now() - started };
    },
  };
}

/** Throws with what came back when an answer is not what the step expects. */
export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status}, expected ${status}: ${answer.text.slice(0, 300)}`);
}
