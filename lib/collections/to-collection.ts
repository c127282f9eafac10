import { readCollectionSchema, type CollectionSchema } from "./collection-schema";

export type CollectionRow = {
  slug: string;
  name: string;
  schema: unknown;
  /** TEAMS.md "Protected labels"; null only on rows written before the column had its default. */
  protectedLabels: string[] | null;
  entryCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type CollectionResponse = {
  id: string;
  name: string;
  slug: string;
  schema: CollectionSchema;
  protectedLabels: string[];
  entryCount: number;
  createdAt: string;
  updatedAt: string;
};

/** DECISIONS §3: `{ id, name, slug, schema, entryCount, createdAt, updatedAt }`, `id` being the slug; TEAMS.md adds `protectedLabels`. */
export function toCollection(row: CollectionRow): CollectionResponse {
  return {
    id: row.slug,
    name: row.name,
    slug: row.slug,
    schema: readCollectionSchema(row.schema),
    protectedLabels: row.protectedLabels ?? [],
    entryCount: row.entryCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
