import { Badge } from "../ui/badge";
import { LocalTime } from "../ui/local-time";
import type { DashboardStatus } from "@/lib/posts/list-dashboard-posts";

export function StatusBadge({ status, publishedAt }: { status: DashboardStatus; publishedAt: string | null }) {
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
