// GET /docs – the interactive API reference (Scalar) over /api/openapi.json, fully offline: the
// standalone bundle is served from our own origin (copied to public/ at `npm run generate`) and
// Scalar's default web fonts, telemetry and hosted-client button are off, so the page loads
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
  defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  authentication: { preferredSecurityScheme: "apiKey" },
});
