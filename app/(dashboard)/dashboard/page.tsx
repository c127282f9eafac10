import { redirect } from "next/navigation";
import { withProject } from "@/lib/client/project-href";

// The dashboard opens on the posts of the project the address names (?project=), or the account's own.
export default async function DashboardHome({ searchParams }: { searchParams: Promise<{ project?: string | string[] }> }) {
  const { project } = await searchParams;
  redirect(withProject("/dashboard/posts", typeof project === "string" ? project : null));
}
