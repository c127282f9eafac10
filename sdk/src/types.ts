// Types of requests and responses, looked up in the types generated from the OpenAPI document
// (./schema.generated.ts, `npm run sdk:generate`). An operation the document does not describe
// yet falls back to loose types, and gains exact ones when the document does.
import type { components, paths } from "./schema.generated.js";

export type Schemas = components["schemas"];
type Method = "get" | "post" | "put" | "patch" | "delete";
type Operation<P, M extends Method> = P extends keyof paths ? (M extends keyof paths[P] ? paths[P][M] : never) : never;

type JsonOf<R> = R extends { content: { "application/json": infer T } } ? T : undefined;
type SuccessOf<O> = O extends { responses: infer R }
  ? 200 extends keyof R
    ? JsonOf<R[200]>
    : 201 extends keyof R
      ? JsonOf<R[201]>
      : 202 extends keyof R
        ? JsonOf<R[202]>
        : unknown
  : unknown;

/** The JSON of the operation's success response. */
export type ResponseOf<P extends string, M extends Method> = [Operation<P, M>] extends [never] ? unknown : SuccessOf<Operation<P, M>>;

/** The JSON request body of the operation. */
export type BodyOf<P extends string, M extends Method> = [Operation<P, M>] extends [never]
  ? Record<string, unknown>
  : Operation<P, M> extends { requestBody?: { content: { "application/json": infer B } } }
    ? B
    : never;

/** The query parameters of the operation. */
export type QueryOf<P extends string, M extends Method> = [Operation<P, M>] extends [never]
  ? Record<string, string | number | boolean | undefined>
  : Operation<P, M> extends { parameters: { query?: infer Q } }
    ? NonNullable<Q>
    : never;

export type Post = Schemas["Post"];
export type PublicPost = Schemas["PublicPost"];
export type TagCount = Schemas["TagCount"];
export type Collection = Schemas["Collection"];
export type Entry = Schemas["Entry"];
export type EntryListItem = Schemas["EntryListItem"];
export type Label = Schemas["Label"];
export type VersionSnapshot = Schemas["VersionSnapshot"];
export type Includes = Schemas["Includes"];
export type EntryDiff = Schemas["EntryDiff"];
export type ScheduledMove = Schemas["ScheduledMove"];
export type ScheduledMoveCreated = Schemas["ScheduledMoveCreated"];
export type Me = Schemas["Me"];
export type TiptapDocument = Schemas["TiptapDocument"];
export type Media = Schemas["Media"];
export type PostRevision = Schemas["PostRevision"];
export type PostRevisionSummary = Schemas["PostRevisionSummary"];
export type PreviewLink = Schemas["PreviewLink"];
export type CreatedPreviewLink = Schemas["CreatedPreviewLink"];
export type PostRevisionDiff = Schemas["PostRevisionDiff"];
export type MediaUse = Schemas["MediaUse"];
/** An event of the feed (`events.list`, `events.iterate`): the exact body its webhook deliveries carry. */
export type InkbaseEvent = Schemas["Event"];
