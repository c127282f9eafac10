// The files the public pages' stylesheet is made of, in cascade order (lib/public-site/stylesheet.ts).
// Plain .mjs so next.config.mjs can read the same list: a deployment must ship these files with
// every route that reads them (outputFileTracingIncludes), since they are read at run time.
export const STYLESHEET_SOURCES = [
  "app/globals.css",
  "components/site/site-header.css",
  "components/site/marketing.css",
  "lib/public-site/views/article.css",
  "lib/public-site/views/blog.css",
];

/** The routes that name or serve the stylesheet (the light account pages too: lib/account-pages). */
export const STYLESHEET_ROUTES = ["/[username]", "/[username]/[slug]", "/[username]/tags/[tag]", "/preview/[token]", "/assets/[file]", "/signin", "/signup", "/setup", "/choose-username"];
