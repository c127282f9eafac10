// GET /api/collections/:id/entries/:entryId/versions/:version – one immutable snapshot (ETag, 304)
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { getVersion } from "@/lib/collections/get-version";
import { ownerOf } from "@/lib/collections/owner";
import { versionParams } from "@/lib/collections/route-params";
import { versionSnapshotSchema } from "@/lib/collections/collection-response";
import { versionExample } from "@/lib/openapi/response-examples";

// DECISIONS §3: snapshots never change. Private: they are the owner's content behind a key.
const CACHE_CONTROL = "private, max-age=31536000, immutable";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: versionParams,
  docs: {
    summary: "Get one version",
    description: "An immutable snapshot: cache it forever, revalidate with `If-None-Match`.",
    tag: "Versions",
    conditional: true,
    sdk: 'inkbase.versions.get("docs", "entry-id", "v_2")',
    responses: { 200: { description: "The snapshot.", schema: versionSnapshotSchema, example: versionExample } },
    errors: { 404: "`Collection not found`, `Entry not found` or `Version not found`." },
  },
  handler: async ({ principal, params, req }) => {
    const { etag, body } = await getVersion({
      owner: ownerOf(principal),
      collectionId: params.id,
      entryId: params.entryId,
      version: params.version,
    });
    return conditionalJson(req, { etag, cacheControl: CACHE_CONTROL, body });
  },
});
