// GitHub's OAuth app endpoints as the single sign-on tests need them, on a loopback port (GitHub
// itself is out of reach here): /login/oauth/authorize (the person the test signed in approves at
// once), /login/oauth/access_token (client_secret_basic or form credentials, a single-use code),
// and the REST API's /user and /user/emails under /api, as GitHub Enterprise Server serves them.
// Inkbase reaches it through GITHUB_URL and GITHUB_API_URL.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { randomBytes } from "node:crypto";
import { freePort } from "./start-next-server";

export type GitHubPerson = { id: number; login: string; name: string | null; emails: { email: string; primary: boolean; verified: boolean }[] };

export type FakeGitHub = {
  url: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The person signed in to "GitHub" in this test's browser: the next authorization is theirs. */
  signIn(person: GitHubPerson): void;
  /** How each token request authenticated its client. */
  tokenRequests: { basic: boolean }[];
  close(): Promise<void>;
};

const body = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString());
};

export async function startFakeGitHub(options: { redirectUris: string[] }): Promise<FakeGitHub> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const clientId = "Iv1.inkbasetests";
  const clientSecret = randomBytes(20).toString("hex");
  let current: GitHubPerson | null = null;
  const codes = new Map<string, GitHubPerson>();
  const tokens = new Map<string, GitHubPerson>();
  const tokenRequests: FakeGitHub["tokenRequests"] = [];

  const server: Server = createServer((req, res) => {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(value));
    };
    const requestUrl = new URL(req.url ?? "/", url);
    void (async () => {
      if (req.method === "GET" && requestUrl.pathname === "/login/oauth/authorize") {
        const params = requestUrl.searchParams;
        if (params.get("client_id") !== clientId || !options.redirectUris.includes(params.get("redirect_uri") ?? "") || !current) return json(400, { error: "bad_request" });
        const code = randomBytes(10).toString("hex");
        codes.set(code, current);
        const back = new URL(params.get("redirect_uri")!);
        back.searchParams.set("code", code);
        if (params.get("state")) back.searchParams.set("state", params.get("state")!);
        res.writeHead(302, { Location: back.toString() });
        return res.end();
      }
      if (req.method === "POST" && requestUrl.pathname === "/login/oauth/access_token") {
        const form = await body(req);
        const basic = req.headers.authorization?.startsWith("Basic ") ?? false;
        const [id, secret] = basic ? Buffer.from(req.headers.authorization!.slice(6), "base64").toString().split(":").map(decodeURIComponent) : [form.get("client_id"), form.get("client_secret")];
        tokenRequests.push({ basic });
        if (id !== clientId || secret !== clientSecret) return json(200, { error: "incorrect_client_credentials" });
        const person = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!person) return json(200, { error: "bad_verification_code" });
        const token = `gho_${randomBytes(16).toString("hex")}`;
        tokens.set(token, person);
        return json(200, { access_token: token, token_type: "bearer", scope: "read:user,user:email" });
      }
      const person = tokens.get((req.headers.authorization ?? "").replace(/^(Bearer|token) /, ""));
      if (req.method === "GET" && requestUrl.pathname === "/api/user") {
        if (!person) return json(401, { message: "Bad credentials" });
        // Like GitHub, /user shows the public address only (here: none).
        return json(200, { id: person.id, login: person.login, name: person.name, email: null, avatar_url: `${url}/avatars/${person.id}` });
      }
      if (req.method === "GET" && requestUrl.pathname === "/api/user/emails") {
        if (!person) return json(401, { message: "Bad credentials" });
        return json(200, person.emails.map((entry) => ({ ...entry, visibility: entry.primary ? "private" : null })));
      }
      json(404, { message: "Not Found" });
    })().catch((err: unknown) => json(500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url,
    apiUrl: `${url}/api`,
    clientId,
    clientSecret,
    tokenRequests,
    signIn: (person) => {
      current = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
