// Inkbase's own name and description: the root layout's metadata, and the public site's 404 page,
// which is written outside React (lib/public-site/not-found-page.ts) and must read the same.
export const SITE_NAME = "Inkbase";
export const SITE_DESCRIPTION = "Content publishing: posts and versioned collections behind a REST API.";
