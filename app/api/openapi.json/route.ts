// GET /api/openapi.json – the OpenAPI 3.1 document, generated from the routes' declarations and zod schemas
import { z } from "zod";
import { api } from "@/lib/http/api";
import { openApiDocument } from "@/lib/openapi/openapi-document";
import { documentedRoutes } from "./documented-routes";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  docs: {
    summary: "This API's OpenAPI 3.1 document",
    tag: "Operations",
    responses: { 200: { description: "The document.", schema: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }) } },
  },
  handler: async (): Promise<Response> =>
    Response.json(await openApiDocument(documentedRoutes({ GET })), { headers: { "Cache-Control": "public, max-age=300" } }),
});
