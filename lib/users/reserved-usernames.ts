// Usernames are the first segment of public blog URLs (`/<username>`). Names that are, or may
// become, app routes are refused at account creation, so a blog can never shadow `/dashboard`,
// `/api`, `/signin`, `/setup` or `/docs`, nor those routes hide a blog (the account pages of
// ACCOUNTS.md and TEAMS.md's `/invite` and `/preview` included). The blog pages also answer 404 for
// them, in case an account with such a name predates this list.
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  "about",
  "account",
  "admin",
  "api",
  "app",
  "assets",
  "auth",
  "blog",
  "confirm-email",
  "dashboard",
  "docs",
  "feed",
  "forgot-password",
  "help",
  "invitations",
  "invite",
  "login",
  "logout",
  "media",
  "new",
  "preview",
  "public",
  "reset-password",
  "robots",
  "rss",
  "settings",
  "setup",
  "signin",
  "signout",
  "signup",
  "sitemap",
  "sitemaps",
  "static",
  "status",
  "tags",
  "verify-email",
  "www",
]);

export function isReservedUsername(username: string): boolean {
  return RESERVED_USERNAMES.has(username);
}
