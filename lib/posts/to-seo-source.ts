// The SEO input of a served post: URLs from PUBLIC_BASE_URL, the project's name, and the authors
// (owner, then co-authors; user co-authors link to their own project).
import type { SeoSource } from "../seo/seo-source";
import type { PostRecord } from "./post-include";
import { postUrl, projectUrl } from "./post-event-data";
import type { PostResponse } from "./to-post";

export function toSeoSource(row: PostRecord, post: PostResponse): SeoSource {
  const ownerUrl = projectUrl(row.owner.username);
  const ownerName = row.owner.displayName ?? row.owner.username;
  return {
    ...post,
    url: postUrl(row.owner.username, row.slug),
    projectUrl: ownerUrl,
    siteName: ownerName,
    authors: [
      { name: ownerName, url: ownerUrl },
      ...row.coauthors.map((coauthor) =>
        coauthor.user
          ? { name: coauthor.user.displayName ?? coauthor.user.username, url: projectUrl(coauthor.user.username) }
          : { name: coauthor.externalName ?? "", url: coauthor.externalUrl, alternateName: coauthor.externalHandle },
      ),
    ],
  };
}
