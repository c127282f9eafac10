// Single sign-on over HTTP, as a browser does it, for the API-level tests: next-auth's CSRF token,
// POST /api/auth/signin/<provider> (→ the provider), the provider's pages (oidc-idp.ts' login
// form, fake-github.ts' instant approval), then the provider's redirect back to
// /api/auth/callback/<provider> with the Inkbase cookies the start set (state, PKCE verifier).
import { Browser } from "./accounts-server";

/** A form POST with the browser's cookies; its Set-Cookie lands in the jar. */
export async function postForm(browser: Browser, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  const res = await fetch(url.startsWith("http") ? url : `${browser.baseUrl}${url}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": browser.ip, ...(browser.jar.size ? { Cookie: browser.cookie() } : {}), ...headers },
    body: new URLSearchParams(form),
  });
  browser.keep(res);
  return res;
}

/** Starts single sign-on with `provider`: the URL of the provider's authorization endpoint. */
export async function startSso(browser: Browser, provider: "oidc" | "github", callbackUrl = "/dashboard"): Promise<URL> {
  const csrf = await browser.request("GET", "/api/auth/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await postForm(browser, `/api/auth/signin/${provider}`, { csrfToken, callbackUrl });
  if (res.status !== 302) throw new Error(`signin/${provider} answered ${res.status}: ${await res.text()}`);
  return new URL(res.headers.get("location")!);
}

/** The provider sent the browser back: Inkbase's answer to the callback (a redirect). */
async function returnTo(browser: Browser, callback: string): Promise<Response> {
  const url = new URL(callback);
  if (url.origin !== browser.baseUrl) throw new Error(`the provider sent the browser to ${callback}`);
  return browser.request("GET", url.pathname + url.search);
}

/** Through the fake GitHub, which approves at once for whoever it has signed in. */
export async function finishGitHub(browser: Browser, authorizeUrl: URL): Promise<Response> {
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  if (res.status !== 302) throw new Error(`GitHub's authorize answered ${res.status}: ${await res.text()}`);
  return returnTo(browser, res.headers.get("location")!);
}

/** Through the OpenID provider's login form (any password), as `login`. */
export async function finishOidc(browser: Browser, authorizeUrl: URL, login: string): Promise<Response> {
  const idp = new Browser(authorizeUrl.origin, browser.ip);
  let res = await idp.request("GET", authorizeUrl.pathname + authorizeUrl.search);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get("location");
    if (location) {
      const next = new URL(location, authorizeUrl.origin);
      if (next.origin !== authorizeUrl.origin) return returnTo(browser, next.toString());
      res = await idp.request("GET", next.pathname + next.search);
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action) throw new Error(`the provider answered ${res.status}: ${page.slice(0, 500)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] ?? "login";
    res = await postForm(idp, new URL(action, authorizeUrl.origin).toString(), prompt === "login" ? { prompt, login, password: "any" } : { prompt });
  }
  throw new Error("the provider never sent the browser back");
}
