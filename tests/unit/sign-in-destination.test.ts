// Where the sign-in form sends an author (lib/auth/sign-in-destination.ts): a page of this site,
// else the dashboard. Never another host, however the path is spelled.
import { describe, expect, it } from "vitest";
import { signInDestination } from "../../lib/auth/sign-in-destination";

describe("signInDestination", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/posts?status=draft", "/dashboard/posts?status=draft"],
    ["/dashboard/collections/docs/entries/abc#labels", "/dashboard/collections/docs/entries/abc#labels"],
    ["/demo/hello", "/demo/hello"],
  ])("keeps the same-site page %s", (value, expected) => {
    expect(signInDestination(value)).toBe(expected);
  });

  it.each([
    undefined,
    "",
    "dashboard",
    "https://evil.example/dashboard",
    "//evil.example/dashboard",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/signin",
    "/signin?callbackUrl=%2Fdashboard",
    "/api/me",
    "/api",
  ])("sends %j to the dashboard instead", (value) => {
    expect(signInDestination(value)).toBe("/dashboard");
  });

  it("takes the first of repeated parameters", () => {
    expect(signInDestination(["/dashboard/keys", "https://evil.example"])).toBe("/dashboard/keys");
  });
});
