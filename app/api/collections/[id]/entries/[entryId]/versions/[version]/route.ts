// GET /api/collections/:id/entries/:entryId/versions/:version – one immutable snapshot (ETag, 304; include=1..3 adds referenced entries, uncached)
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { getVersion } from "@/lib/collections/get-version";
import { ownerOf } from "@/lib/collections/owner";
import { versionParams } from "@/lib/collections/route-params";
import { getVersionQuery } from "@/lib/collections/entry-input";
import { versionSnapshotSchema } from "@/lib/collections/collection-response";
import { versionExample } from "@/lib/openapi/response-examples";

// DECISIONS §3: snapshots never change. Private: they are the owner's content behind a key.
const CACHE_CONTROL = "private, max-age=31536000, immutable";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: versionParams,
  query: getVersionQuery,
  docs: {
    summary: "Get one version",
    description:
      "An immutable snapshot: cache it forever, revalidate with `If-None-Match`. With `include=1..3` the answer also holds the entries it references at their current versions, which change: then it has no ETag and is not cacheable.",
    tag: "Versions",
    conditional: true,
    sdk: 'inkbase.versions.get("docs", "entry-id", "v_2")',
    responses: { 200: { description: "The snapshot.", schema: versionSnapshotSchema, example: versionExample } },
    errors: { 404: "`Collection not found`, `Entry not found` or `Version not found`." },
  },
  handler: async ({ principal, params, query, req }) => {
    const { etag, body } = await getVersion({
      owner: ownerOf(principal),
      collectionId: params.id,
      entryId: params.entryId,
      version: params.version,
      include: query.include,
    });
    return conditionalJson(req, { etag, cacheControl: etag ? CACHE_CONTROL : "private, no-cache", body });
  },
});
