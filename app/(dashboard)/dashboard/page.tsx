import { redirect } from "next/navigation";

// The dashboard opens on the author's posts.
export default function DashboardHome() {
  redirect("/dashboard/posts");
}
