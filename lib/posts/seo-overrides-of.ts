// A post's or a revision's SEO overrides (SEO_FIELDS, in that order) as the responses show them:
// one list for both serializers (./to-post.ts, ./to-revision.ts) and their schemas.
import { SEO_FIELDS } from "./post-input";

export type SeoOverrides = Record<(typeof SEO_FIELDS)[number], string | null>;

export function seoOverridesOf(row: SeoOverrides): SeoOverrides {
  const overrides = {} as SeoOverrides;
  for (const field of SEO_FIELDS) overrides[field] = row[field];
  return overrides;
}
