import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { MediaManager } from "@/components/media/media-manager";
import { requireAccount } from "@/lib/auth/require-account";
import { env } from "@/lib/env";
import { listMedia } from "@/lib/media/list-media";

export const metadata: Metadata = { title: "Media" };

export default async function MediaPage() {
  const account = await requireAccount();
  const initial = await listMedia({ ownerId: account.id, page: 1, limit: 24 });
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
