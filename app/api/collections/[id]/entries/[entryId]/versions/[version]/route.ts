// GET /api/collections/:id/entries/:entryId/versions/:version – one immutable snapshot (ETag, 304)
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { getVersion } from "@/lib/collections/get-version";
import { ownerOf } from "@/lib/collections/owner";
import { versionParams } from "@/lib/collections/route-params";

// DECISIONS §3: snapshots never change. Private: they are the owner's content behind a key.
const CACHE_CONTROL = "private, max-age=31536000, immutable";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: versionParams,
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
