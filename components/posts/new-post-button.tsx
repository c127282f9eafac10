"use client";
// "New post": creates an untitled draft through the API and opens its editor. The slug is a
// placeholder that follows the title as soon as the author types one.
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { createDraft } from "@/lib/client/posts-api";
import { UNTITLED_SLUG_PREFIX } from "@/lib/posts/slugify";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";

export function NewPostButton({ variant = "primary" }: { variant?: "primary" | "secondary" }) {
  const router = useProjectRouter();
  const notify = useToast();
  const [pending, setPending] = useState(false);

  async function create() {
    setPending(true);
    try {
      const suffix = Math.random().toString(36).slice(2, 8);
      const { id } = await createDraft({ title: "Untitled", slug: `${UNTITLED_SLUG_PREFIX}${suffix}` });
      router.push(`/dashboard/posts/${id}`);
    } catch (err) {
      notify(describeError(err), "error");
      setPending(false);
    }
  }

  return (
    <Button variant={variant} onClick={create} disabled={pending}>
      {pending ? "Creating…" : "New post"}
    </Button>
  );
}
