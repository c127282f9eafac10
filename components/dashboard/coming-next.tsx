import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "./page-header";

/** An honest placeholder for a dashboard area whose screens are not built yet. */
export function ComingNext({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <EmptyState title="Coming next">{children}</EmptyState>
    </>
  );
}
