"use client";
// A co-author's own "Show on my blog" choice for a post someone else owns (DECISIONS §5): it
// changes at once, and goes back if the API refuses.
import { useRouter } from "next/navigation";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { setShowOnBlog } from "@/lib/client/posts-api";
import { Checkbox } from "../ui/field";
import { useToast } from "../ui/toast";

export function ShowOnBlogSwitch({ postId, title, initial }: { postId: string; title: string; initial: boolean }) {
  const router = useRouter();
  const notify = useToast();
  const [shown, setShown] = useState(initial);
  const [pending, setPending] = useState(false);

  async function toggle(show: boolean) {
    setShown(show);
    setPending(true);
    try {
      await setShowOnBlog(postId, show);
      notify(show ? `“${title}” now shows on your blog` : `“${title}” no longer shows on your blog`, "success");
      router.refresh();
    } catch (err) {
      setShown(!show);
      notify(describeError(err), "error");
    } finally {
      setPending(false);
    }
  }

  return <Checkbox label="Show on my blog" checked={shown} disabled={pending} onChange={(event) => void toggle(event.target.checked)} />;
}
