// The preview-link endpoints the editor's "Share preview" dialog calls (TEAMS.md "Preview links"), through the SDK.
import type { CreatedPreviewLink, PreviewLink } from "@inkbase/sdk";
import { viaSdk } from "./api-client";

export type { CreatedPreviewLink, PreviewLink };

export async function createPreviewLink(postId: string, expiresInHours: number): Promise<CreatedPreviewLink> {
  return viaSdk((inkbase) => inkbase.posts.previewLinks.create(postId, { expiresInHours }));
}

export async function listPreviewLinks(postId: string): Promise<PreviewLink[]> {
  return (await viaSdk((inkbase) => inkbase.posts.previewLinks.list(postId))).data;
}

export async function revokePreviewLink(postId: string, linkId: string): Promise<void> {
  await viaSdk((inkbase) => inkbase.posts.previewLinks.revoke(postId, linkId));
}
