import { Badge } from "../ui/badge";
import { LocalTime } from "../ui/local-time";
import type { DashboardStatus } from "@/lib/posts/list-dashboard-posts";

/** The row's status, and "In review" beside it while the post has an open review. */
export function StatusBadge({ status, publishedAt, inReview = false }: { status: DashboardStatus; publishedAt: string | null; inReview?: boolean }) {
  if (!inReview) return <RowStatus status={status} publishedAt={publishedAt} />;
  return (
    <>
      <RowStatus status={status} publishedAt={publishedAt} /> <Badge tone="accent">In review</Badge>
    </>
  );
}

function RowStatus({ status, publishedAt }: { status: DashboardStatus; publishedAt: string | null }) {
  if (status === "draft") return <Badge>Draft</Badge>;
  if (status === "scheduled" && publishedAt) {
    return (
      <Badge tone="warning">
        Scheduled <LocalTime iso={publishedAt} />
      </Badge>
    );
  }
  return <Badge tone="success">Published</Badge>;
}
