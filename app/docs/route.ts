// GET /docs – the interactive API reference (Scalar) over /api/openapi.json, fully offline: the
// standalone bundle is served from our own origin (copied to public/ at `npm run generate`) and
// Scalar's default web fonts, telemetry and hosted extras are off, so the page loads
// nothing from another host (tests/e2e/reference.spec.ts checks every request).
import { ApiReference } from "@scalar/nextjs-api-reference";
import { REFERENCE_BUNDLE_PATH } from "@/lib/openapi/reference-bundle";

export const GET = ApiReference({
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
});
