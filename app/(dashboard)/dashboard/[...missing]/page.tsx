import { notFound } from "next/navigation";

// Any dashboard URL no page claims renders the dashboard's own 404, inside the shell.
export default function MissingDashboardPage() {
  notFound();
}
