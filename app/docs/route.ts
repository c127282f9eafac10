// GET /docs – the interactive API reference (Scalar) over /api/openapi.json, fully offline: the
// standalone bundle is served from our own origin (copied to public/ at `npm run generate`) and
// Scalar's default web fonts, telemetry and hosted extras are off, so the page loads
// nothing from another host (tests/e2e/reference.spec.ts checks every request).
import { ApiReference } from "@scalar/nextjs-api-reference";
import { env } from "@/lib/env";
import { requestOrigin } from "@/lib/http/request-origin";
import { REFERENCE_BUNDLE_PATH } from "@/lib/openapi/reference-bundle";

const config = {
  url: "/api/openapi.json",
  cdn: REFERENCE_BUNDLE_PATH,
  pageTitle: "Inkbase API reference",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  // Scalar's hosted extras (AI agent, MCP generator, developer toolbar) talk to its servers: off.
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  authentication: { preferredSecurityScheme: "apiKey" },
  // Scalar's light greys (search placeholder, badges) and its orange and yellow (PATCH, PUT,
  // "required", numbers in code) fall below WCAG AA contrast on white: the same hues, darker. The
  // Next.js theme draws Scalar's `.dark-mode` cards light inside the light page, so they get the
  // same values. Doubled classes outrank Scalar's own rules. A tag's endpoint list (the
  // `.endpoints` card) scrolls once the tag has more operations than fit (Posts, since the
  // revision routes), and a scroll box with no focusable content is out of a keyboard's reach
  // (axe: scrollable-region-focusable): it grows instead.
  customCss: `.scalar-app .endpoints-card .endpoints,
.scalar-app .endpoints-card .max-h-\\[60vh\\] { overflow: visible; max-height: none; }
.light-mode.light-mode,
.light-mode.light-mode .dark-mode {
  --scalar-color-2: #666666;
  --scalar-color-3: #6e6e6e;
  --scalar-color-yellow: #8a6a00;
  --scalar-color-orange: #b34d00;
}`,
} satisfies Parameters<typeof ApiReference>[0];

export async function GET(request: Request): Promise<Response> {
  // The document names no server (one document serves every deployment): without one the curl
  // samples read `curl /api/posts`. The origin the browser used (so "try it" stays same-origin,
  // straight to us: Scalar's request proxy is never used), else PUBLIC_BASE_URL.
  const origin = requestOrigin(request) ?? env.configuredPublicBaseUrl;
  const page = ApiReference({ ...config, ...(origin ? { servers: [{ url: origin, description: "This Inkbase" }] } : {}) })();

  // Scalar writes a bare `<html>`; screen readers need the page's language (WCAG 3.1.1).
  const html = (await page.text()).replace(/<html>/, '<html lang="en">');
  return new Response(html, { status: page.status, headers: page.headers });
}
