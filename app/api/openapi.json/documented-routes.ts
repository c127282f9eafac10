// Every route the OpenAPI document describes: the generated index of the others
// (scripts/generate-route-index.ts) and the route that serves the document, which the index
// cannot list without an import cycle (that route imports the index), so it hands itself in.
import type { RouteIndexEntry } from "@/lib/openapi/build-document";
import { routeIndex } from "./route-index.generated";

export function documentedRoutes(documentRoute: Record<string, unknown>): RouteIndexEntry[] {
  // In the index's path order, so the document's paths keep their order.
  return [...routeIndex, { path: "/api/openapi.json", load: async () => documentRoute }].sort((a, b) => (a.path < b.path ? -1 : 1));
}
