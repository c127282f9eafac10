/** A slug (SPEC: posts, collections, entry `slug` columns): lowercase letters, digits and hyphens. */
export const SLUG_PATTERN = /^[a-z0-9-]+$/;
