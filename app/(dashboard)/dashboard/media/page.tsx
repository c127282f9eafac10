import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { MediaManager } from "@/components/media/media-manager";
import { requireProject } from "@/lib/dashboard/current-project";
import { env } from "@/lib/env";
import { listMedia } from "@/lib/media/list-media";

export const metadata: Metadata = { title: "Media" };

export default async function MediaPage() {
  const { principal } = await requireProject();
  const initial = await listMedia({ ownerId: principal.projectId, page: 1, limit: 24 });
  return (
    <>
      <PageHeader
        title="Media"
        description="Images for your posts and entries. Each is stored without its camera metadata and served in sizes for every screen."
      />
      <MediaManager initial={initial} maxBytes={env.mediaMaxBytes} />
    </>
  );
}
