import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function DashboardNotFound() {
  return (
    <EmptyState title="Page not found" action={<ButtonLink href="/dashboard/posts" variant="primary">Back to posts</ButtonLink>}>
      This page does not exist, or it belongs to another account.
    </EmptyState>
  );
}
