import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostEditor } from "@/components/editor/post-editor";
import type { OwnerPost } from "@/components/editor/post-fields";
import { requireProject } from "@/lib/dashboard/current-project";
import { env } from "@/lib/env";
import { getPostForEditor } from "@/lib/posts/get-post-for-editor";
import { getPostReviewState } from "@/lib/reviews/get-post-review-state";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { principal } = await requireProject();
  const data = await getPostForEditor({ ownerId: principal.projectId, id: (await params).id });
  return { title: data ? `Edit: ${data.post.title}` : "Post not found" };
}

export default async function EditPostPage({ params }: Params) {
  const { principal, displayName } = await requireProject();
  const data = await getPostForEditor({ ownerId: principal.projectId, id: (await params).id });
  if (!data) notFound();
  const review = await getPostReviewState(principal, { id: data.post.id, updatedAt: new Date(data.post.updatedAt) });
  return (
    <>
      <h1 className="visually-hidden">Edit post</h1>
      <PostEditor
        post={data.post as OwnerPost}
        etag={data.etag}
        excerptAuto={data.excerptAuto}
        initiallyScheduled={data.scheduled}
        usernames={data.usernames}
        account={{ username: principal.projectUsername, displayName }}
        publicBaseUrl={env.publicBaseUrl}
        review={review}
      />
    </>
  );
}
