// The teams part of the client (TEAMS.md): members and invitations, reviews, the project's
// settings and the audit log, each built over the client's `data` call (index.ts).
import type { RequestOptions } from "./http.js";
import type { BodyOf, QueryOf, ResponseOf } from "./types.js";

export type DataCall = <T>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", path: string, options?: RequestOptions) => Promise<T>;
type Call = Pick<RequestOptions, "signal" | "keepalive" | "headers">;
const seg = (value: string) => encodeURIComponent(value);

/**
 * Teams (TEAMS.md), session only (the dashboard; keys get 403 `Session required`): the current
 * project's members and invitations. Name another project with the `Inkbase-Project` header
 * (`{ headers: { "Inkbase-Project": "alice" } }`).
 */
export function membersResource(data: DataCall) {
  return {
    list: (call?: Call) => data<ResponseOf<"/api/members", "get">>("GET", "/api/members", call),
    update: (userId: string, body: BodyOf<"/api/members/{userId}", "patch">, call?: Call) =>
      data<ResponseOf<"/api/members/{userId}", "patch">>("PATCH", `/api/members/${seg(userId)}`, { ...call, body }),
    /** Removes a member; their posts go to `reassignTo` (default the owner), their bylines stay. */
    remove: (userId: string, options: { reassignTo?: string } = {}, call?: Call) =>
      data<null>("DELETE", `/api/members/${seg(userId)}`, { ...call, query: options.reassignTo ? { reassignTo: options.reassignTo } : undefined }),
    /** Leaves the current project. */
    leave: (call?: Call) => data<null>("DELETE", "/api/members/me", call),
    invitations: {
      create: (body: BodyOf<"/api/members/invitations", "post">, call?: Call) =>
        data<ResponseOf<"/api/members/invitations", "post">>("POST", "/api/members/invitations", { ...call, body }),
      list: (call?: Call) => data<ResponseOf<"/api/members/invitations", "get">>("GET", "/api/members/invitations", call),
      resend: (id: string, call?: Call) =>
        data<ResponseOf<"/api/members/invitations/{id}/resend", "post">>("POST", `/api/members/invitations/${seg(id)}/resend`, call),
      revoke: (id: string, call?: Call) => data<null>("DELETE", `/api/members/invitations/${seg(id)}`, call),
      /** Joins the invitation's project as the signed-in account (the token is the link's last part). */
      accept: (token: string, call?: Call) =>
        data<ResponseOf<"/api/invitations/accept", "post">>("POST", "/api/invitations/accept", { ...call, body: { token } }),
    },
  };
}

/** Reviews (TEAMS.md): of a post, pinned to a revision, or of a protected label's move. */
export function reviewsResource(data: DataCall) {
  return {
    /** Both kinds, newest first: `{ data, nextCursor }`; pass `nextCursor` back as `cursor`. */
    list: (query?: QueryOf<"/api/reviews", "get">, call?: Call) => data<ResponseOf<"/api/reviews", "get">>("GET", "/api/reviews", { ...call, query }),
    get: (id: string, call?: Call) => data<ResponseOf<"/api/reviews/{id}", "get">>("GET", `/api/reviews/${seg(id)}`, call),
    /** Ask for review of the post as it is now (pinned to its newest revision). */
    requestPost: (postId: string, body: BodyOf<"/api/posts/{id}/review-requests", "post"> = {}, call?: Call) =>
      data<ResponseOf<"/api/posts/{id}/review-requests", "post">>("POST", `/api/posts/${seg(postId)}/review-requests`, { ...call, body }),
    /** Ask for a label move (`fromVersion` is where it points now). */
    requestLabel: (collectionId: string, entryId: string, label: string, body: BodyOf<"/api/collections/{id}/entries/{entryId}/labels/{name}/requests", "post">, call?: Call) =>
      data<ResponseOf<"/api/collections/{id}/entries/{entryId}/labels/{name}/requests", "post">>(
        "POST",
        `/api/collections/${seg(collectionId)}/entries/${seg(entryId)}/labels/${seg(label)}/requests`,
        { ...call, body },
      ),
    /** Editors and above, never on their own request. `publish` / `publishAt` publish or schedule an approved post in the same transaction. */
    decide: (id: string, body: BodyOf<"/api/reviews/{id}/decision", "post">, call?: Call) =>
      data<ResponseOf<"/api/reviews/{id}/decision", "post">>("POST", `/api/reviews/${seg(id)}/decision`, { ...call, body }),
    /** The requester only. */
    withdraw: (id: string, call?: Call) => data<ResponseOf<"/api/reviews/{id}/withdraw", "post">>("POST", `/api/reviews/${seg(id)}/withdraw`, call),
  };
}

/** The project's settings: `reviewRequired` (admins and the owner). */
export function projectResource(data: DataCall) {
  return {
    get: (call?: Call) => data<ResponseOf<"/api/project", "get">>("GET", "/api/project", call),
    update: (body: BodyOf<"/api/project", "patch">, call?: Call) => data<ResponseOf<"/api/project", "patch">>("PATCH", "/api/project", { ...call, body }),
  };
}

/**
 * The project's audit log (admins and the owner, sessions only: an API key gets 403
 * "Session required"). Newest first; filters `actor`, `action` (exact or an area such as `post`),
 * `target` (`<type>:<id>`), `since`/`until` (inclusive ISO times), `limit` (1–200).
 */
export function auditResource(data: DataCall) {
  const list = (query?: QueryOf<"/api/audit", "get">, call?: Call) => data<ResponseOf<"/api/audit", "get">>("GET", "/api/audit", { ...call, query });
  return {
    list,
    /** Every matching row, newest first, page by page through `nextCursor`. */
    iterate: (query: Omit<QueryOf<"/api/audit", "get">, "cursor" | "format"> = {}, call?: Call): AsyncIterableIterator<ResponseOf<"/api/audit", "get">["data"][number]> => {
      return (async function* () {
        let cursor: string | undefined;
        for (;;) {
          const page = await list({ ...query, cursor }, call);
          yield* page.data;
          if (!page.nextCursor) return;
          cursor = page.nextCursor;
        }
      })();
    },
  };
}
