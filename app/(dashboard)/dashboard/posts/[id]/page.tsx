import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PostEditor } from "@/components/editor/post-editor";
import type { OwnerPost } from "@/components/editor/post-fields";
import { requireAccount } from "@/lib/auth/require-account";
import { env } from "@/lib/env";
import { getPostForEditor } from "@/lib/posts/get-post-for-editor";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const account = await requireAccount();
  const data = await getPostForEditor({ ownerId: account.id, id: (await params).id });
  return { title: data ? `Edit: ${data.post.title}` : "Post not found" };
}

export default async function EditPostPage({ params }: Params) {
  const account = await requireAccount();
  const data = await getPostForEditor({ ownerId: account.id, id: (await params).id });
  if (!data) notFound();
  return (
    <>
      <h1 className="visually-hidden">Edit post</h1>
      <PostEditor
        post={data.post as OwnerPost}
        etag={data.etag}
        excerptAuto={data.excerptAuto}
        initiallyScheduled={data.scheduled}
        usernames={data.usernames}
        account={{ username: account.username, displayName: account.displayName }}
        publicBaseUrl={env.publicBaseUrl}
      />
    </>
  );
}
