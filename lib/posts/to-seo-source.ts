// The SEO input of a served post: URLs from PUBLIC_BASE_URL, the project's name, and the authors
// (owner, then co-authors; user co-authors link to their own project).
import { env } from "../env";
import type { SeoSource } from "../seo/seo-source";
import type { PostRecord } from "./post-include";
import { postUrl } from "./post-event-data";
import type { PostResponse } from "./to-post";

export function toSeoSource(row: PostRecord, post: PostResponse): SeoSource {
  const projectUrl = `${env.publicBaseUrl}/${row.owner.username}`;
  return {
    ...post,
    url: postUrl(row.owner.username, row.slug),
    projectUrl,
    siteName: row.owner.displayName ?? row.owner.username,
    authors: [
      { name: row.owner.displayName ?? row.owner.username, url: projectUrl },
      ...row.coauthors.map((coauthor) =>
        coauthor.user
          ? { name: coauthor.user.displayName ?? coauthor.user.username, url: `${env.publicBaseUrl}/${coauthor.user.username}` }
          : { name: coauthor.externalName ?? "", url: coauthor.externalUrl, alternateName: coauthor.externalHandle },
      ),
    ],
  };
}
