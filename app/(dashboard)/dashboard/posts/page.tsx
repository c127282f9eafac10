import type { Metadata } from "next";
import { PageHeader } from "@/components/dashboard/page-header";
import { NewPostButton } from "@/components/posts/new-post-button";
import { PostsFilters, type PostsFilterValues } from "@/components/posts/posts-filters";
import { PostsTable } from "@/components/posts/posts-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Pagination } from "@/components/ui/pagination";
import { requireProject } from "@/lib/dashboard/current-project";
import { one } from "@/lib/http/search-param";
import { DASHBOARD_STATUS_FILTERS, listDashboardPosts, type DashboardStatusFilter } from "@/lib/posts/list-dashboard-posts";
import { listOwnerTags } from "@/lib/posts/list-owner-tags";

export const metadata: Metadata = { title: "Posts" };

type Search = Record<string, string | string[] | undefined>;

function readFilters(search: Search): PostsFilterValues & { page: number } {
  const status = one(search.status);
  const page = Number(one(search.page) ?? "1");
  return {
    status: DASHBOARD_STATUS_FILTERS.includes(status as DashboardStatusFilter) ? status : undefined,
    tag: one(search.tag)?.slice(0, 200),
    q: one(search.q)?.slice(0, 200),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export default async function PostsPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { principal } = await requireProject();
  const filters = readFilters(await searchParams);
  const [list, tags] = await Promise.all([
    listDashboardPosts({ userId: principal.projectId, status: filters.status as DashboardStatusFilter | undefined, tag: filters.tag, q: filters.q, page: filters.page }),
    listOwnerTags({ ownerId: principal.projectId }),
  ]);
  const filtered = Boolean(filters.status || filters.tag || filters.q);
  const empty = list.total === 0 && !filtered; // nothing written yet
  const pageHref = (page: number) => {
    const params = new URLSearchParams();
    for (const key of ["q", "status", "tag"] as const) if (filters[key]) params.set(key, filters[key]!);
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return `/dashboard/posts${query ? `?${query}` : ""}`;
  };

  return (
    <>
      {/* One "New post" on the page: in the header, or in the empty state when there is nothing yet. */}
      <PageHeader
        title="Posts"
        description={principal.role === "owner" ? "Everything you write, and the posts you co-author." : `The posts of ${principal.projectUsername}, where you are ${/^[aeiou]/.test(principal.role) ? "an" : "a"} ${principal.role}.`}
        actions={empty ? undefined : <NewPostButton />}
      />
      {/* The table keeps one place in the tree whether or not there are posts, so the results of a
          bulk action that emptied the list stay on screen. */}
      {empty ? null : <PostsFilters values={filters} tags={tags} />}
      <PostsTable
        rows={list.rows}
        empty={
          empty ? (
            <EmptyState title="No posts yet" action={<NewPostButton />}>
              Write your first post: it stays a draft until you publish it, and every change is saved as you type.
            </EmptyState>
          ) : (
            <EmptyState title="No posts match">{filters.page > 1 ? "This page is past the last one." : "Try another search, status or tag."}</EmptyState>
          )
        }
      />
      {empty ? null : <Pagination page={list.page} pageCount={list.pageCount} total={list.total} href={pageHref} />}
    </>
  );
}
