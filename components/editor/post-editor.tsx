"use client";
// The post editor page's client part (DASHBOARD.md "The editor"): title, content, settings,
// autosave with conflict detection, publishing. The server page loads the post through lib/ and
// hands it over with its ETag; every change goes back through PATCH /api/posts/:id.
import type { Editor } from "@tiptap/core";
import dynamic from "next/dynamic";
import { ProjectLink as Link } from "@/components/dashboard/project-link";
import { useProjectRouter } from "@/components/dashboard/project-link";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { autoExcerpt, excerptFromText } from "@/lib/content/auto-excerpt";
import { WORDS_PER_MINUTE } from "@/lib/content/reading-time";
import type { TiptapDocument } from "@/lib/content/tiptap-document";
import { describeError } from "@/lib/client/api-client";
import { deletePost } from "@/lib/client/posts-api";
import { postRevisionEtag } from "@/lib/posts/post-revision";
import { slugify, UNTITLED_SLUG_PREFIX } from "@/lib/posts/slugify";
import type { SeoSource } from "@/lib/seo/seo-source";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";
import { ConflictAlert, RestoreNotice } from "./editor-alerts";
import styles from "./editor.module.css";
import { ALL_PATCH_FIELDS, toFormValues, toPatch, type FormField, type OwnerPost, type PatchField, type PostFormValues } from "./post-fields";
import { PostSettings } from "./post-settings";
import { PublishControls, type Publication } from "./publish-controls";
import { reviewControls } from "./review-controls";
import type { PostReviewState } from "@/lib/reviews/get-post-review-state";
import { RichTextEditor } from "./rich-text-editor";
import { SaveStatus } from "./save-status";
import type { Backup } from "./autosave-controller";
import { discardBackup, readBackup, useAutosave } from "./use-autosave";

// Loaded when first opened: the diff code is not part of the editor's first load.
const HistoryPanel = dynamic(() => import("../history/history-panel").then((module) => module.HistoryPanel), { ssr: false });

export type PostEditorProps = {
  post: OwnerPost;
  etag: string;
  excerptAuto: boolean;
  /** Published with a publishedAt still ahead (decided by the server when the page rendered). */
  initiallyScheduled: boolean;
  usernames: Record<string, string>;
  account: { username: string; displayName: string | null };
  publicBaseUrl: string;
  /** Who may publish, and the post's review (TEAMS.md "Review"). */
  review: PostReviewState;
};

function publicationOf(status: "draft" | "published", publishedAt: string | null): Publication {
  return { status, publishedAt, scheduled: status === "published" && publishedAt !== null && Date.parse(publishedAt) > Date.now() };
}

function countWords(editor: Editor): number {
  const text = editor.state.doc.textBetween(0, editor.state.doc.content.size, " ", " ").trim();
  return text ? text.split(/\s+/).length : 0;
}

export function PostEditor({ post, etag, excerptAuto, initiallyScheduled, usernames, account, publicBaseUrl, review }: PostEditorProps) {
  const router = useProjectRouter();
  const notify = useToast();
  const [values, setValues] = useState<PostFormValues>(() => toFormValues(post, { usernames, excerptAuto }));
  // Every user co-author's username the page has been told (a restore can bring back one the page
  // did not know when it loaded; router.refresh() then names it).
  const knownUsernames = useRef(usernames);
  const [errors, setErrors] = useState<Partial<Record<PatchField, string>>>({});
  const [publication, setPublication] = useState<Publication>({ status: post.status, publishedAt: post.publishedAt, scheduled: initiallyScheduled });
  const [words, setWords] = useState<number | null>(null);
  const [contentText, setContentText] = useState(() => autoExcerpt(post.content));
  const [busy, setBusy] = useState(false);
  const [backup, setBackup] = useState<Backup | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [initialContent, setInitialContent] = useState<TiptapDocument>(post.content);
  // The slug follows the title until the author edits it (a new post starts with a placeholder).
  const slugFollowsTitle = useRef(post.slug.startsWith(UNTITLED_SLUG_PREFIX) || post.slug === slugify(post.title));
  // What autosave reads at send time; every setValues below updates it in the same breath.
  const valuesRef = useRef(values);
  const editorRef = useRef<Editor | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const historyButtonRef = useRef<HTMLButtonElement>(null);

  const collect = useCallback(
    (fields: Iterable<PatchField>) => toPatch(valuesRef.current, fields, () => (editorRef.current?.getJSON() ?? initialContent) as TiptapDocument),
    [initialContent],
  );
  const { state, controller: autosave } = useAutosave({ postId: post.id, initialEtag: etag, initialSavedAt: new Date(post.updatedAt), collect, onFieldErrors: setErrors });

  const change = useCallback(
    <F extends FormField>(field: F, value: PostFormValues[F]) => {
      const current = valuesRef.current;
      const next = { ...current, [field]: value };
      if (field === "title" && slugFollowsTitle.current) {
        const slug = slugify(value as string);
        if (slug && slug !== current.slug) {
          next.slug = slug;
          autosave.markDirty("slug");
        }
      }
      valuesRef.current = next;
      setValues(next);
      autosave.markDirty(field);
    },
    [autosave],
  );

  const backupChecked = useRef(false);
  const onEditorReady = useCallback(
    (editor: Editor) => {
      editorRef.current = editor;
      setWords(countWords(editor));
      if (backupChecked.current) return; // a remount (Reload, Restore), not a new visit
      backupChecked.current = true;
      // A backup from a visit whose changes never reached the server: offer it back.
      const saved = readBackup(post.id);
      if (saved && Object.keys(saved.patch).length > 0) setBackup(saved);
    },
    [post.id],
  );

  const flush = useCallback(() => autosave.flush(), [autosave]);
  const settle = useCallback(() => autosave.settle(), [autosave]);
  const currentEtag = useCallback(() => autosave.currentEtag, [autosave]);
  const closeHistory = useCallback(() => {
    setHistoryOpen(false);
    historyButtonRef.current?.focus();
  }, []);

  const onEditorChange = useCallback(
    (editor: Editor) => {
      setWords(countWords(editor));
      autosave.markDirty("content");
      if (!valuesRef.current.excerpt) setContentText(excerptFromText(editor.state.doc.textBetween(0, Math.min(editor.state.doc.content.size, 600), " ", " ")));
    },
    [autosave],
  );

  // A user co-author the editor could only show by id gets its username once the page knows it.
  useEffect(() => {
    knownUsernames.current = { ...knownUsernames.current, ...usernames };
    const current = valuesRef.current;
    if (!current.coauthors.some((coauthor) => coauthor.kind === "user" && usernames[coauthor.username])) return;
    const coauthors = current.coauthors.map((coauthor) => (coauthor.kind === "user" && usernames[coauthor.username] ? { ...coauthor, username: usernames[coauthor.username] } : coauthor));
    valuesRef.current = { ...current, coauthors };
    setValues(valuesRef.current);
  }, [usernames]);

  /** Replaces what the author sees with a post from the server (the conflict's "Reload", a restore). */
  function load(next: OwnerPost) {
    const formValues = toFormValues(next, { usernames: knownUsernames.current, excerptAuto: next.excerpt === autoExcerpt(next.content) });
    setValues(formValues);
    valuesRef.current = formValues;
    setPublication(publicationOf(next.status, next.publishedAt));
    setInitialContent(next.content);
    setEditorKey((key) => key + 1);
    autosave.reset(postRevisionEtag(next.updatedAt), new Date(next.updatedAt));
  }

  function restoreBackup(saved: Backup) {
    setBackup(null);
    discardBackup(post.id); // autosave keeps its own backup again until the server has the text
    const patch = saved.patch;
    const restored: Partial<PostFormValues> = {};
    for (const key of Object.keys(patch)) {
      if (key === "content" && patch.content) {
        setInitialContent(patch.content as TiptapDocument);
        setEditorKey((k) => k + 1);
      } else if (key === "tagNames") restored.tags = (patch.tagNames as string[]).join(", ");
      else if (key !== "coauthors" && key in valuesRef.current) (restored as Record<string, unknown>)[key] = patch[key] ?? "";
    }
    const nextValues = { ...valuesRef.current, ...restored };
    setValues(nextValues);
    valuesRef.current = nextValues;
    // Saved against the ETag it was written on: if the post changed since, that is a conflict.
    if (saved.etag) autosave.rebase(saved.etag);
    for (const key of Object.keys(patch)) autosave.markDirty(key === "tagNames" ? "tags" : (key as PatchField));
  }

  async function publishChange(extra: Record<string, unknown>, message: string): Promise<boolean> {
    setBusy(true);
    try {
      const ok = await autosave.commit(extra);
      if (ok) {
        const status = extra.status as "draft" | "published";
        setPublication(publicationOf(status, (extra.publishedAt as string | null | undefined) ?? (status === "published" ? new Date().toISOString() : null)));
        notify(message, "success");
        router.refresh();
      }
      return ok;
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await deletePost(post.id);
      discardBackup(post.id);
      notify("Post deleted", "success");
      router.push("/dashboard/posts");
      router.refresh();
    } catch (err) {
      notify(describeError(err), "error");
      setBusy(false);
    }
  }

  const seoSource = useMemo((): SeoSource => {
    const base = `${publicBaseUrl}/${account.username}`;
    const orNull = (text: string) => text.trim() || null;
    const excerpt = values.excerpt.trim() || contentText;
    return {
      title: values.title,
      excerpt,
      status: publication.status,
      visibility: values.visibility,
      coverImage: orNull(values.coverImage),
      publishedAt: publication.publishedAt,
      updatedAt: post.updatedAt,
      tags: values.tags.split(",").map((name) => ({ name: name.trim() })).filter((tag) => tag.name),
      seoTitle: orNull(values.seoTitle),
      seoDescription: orNull(values.seoDescription),
      canonicalUrl: orNull(values.canonicalUrl),
      ogTitle: orNull(values.ogTitle),
      ogDescription: orNull(values.ogDescription),
      ogImage: orNull(values.ogImage),
      twitterTitle: orNull(values.twitterTitle),
      twitterDescription: orNull(values.twitterDescription),
      twitterImage: orNull(values.twitterImage),
      robots: orNull(values.robots),
      url: `${base}/${values.slug}`,
      projectUrl: base,
      siteName: account.displayName ?? account.username,
      authors: [],
    };
  }, [values, publication, contentText, publicBaseUrl, account, post.updatedAt]);

  const onReviewRequested = () => {
    notify("Review requested", "success");
    router.refresh();
  };
  const reviewing = reviewControls({ review, saved: state.kind === "saved", currentEtag: autosave.currentEtag, postId: post.id, busy, settle, onRequested: onReviewRequested });

  const minutes = words === null ? null : words === 0 ? 0 : Math.ceil(words / WORDS_PER_MINUTE);

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <div className={styles.barLeft}>
          <Link href="/dashboard/posts" className={styles.back}>← Posts</Link>
          <SaveStatus state={state} onRetry={() => autosave.retryNow()} />
          <Button
            ref={historyButtonRef}
            size="sm"
            variant="ghost"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? "history-panel" : undefined}
            onClick={() => (historyOpen ? closeHistory() : setHistoryOpen(true))}
          >
            History
          </Button>
        </div>
        <PublishControls
          postId={post.id}
          publication={publication}
          viewHref={`/${account.username}/${values.slug}`}
          busy={busy}
          onPublish={() => void publishChange({ status: "published", publishedAt: null }, "Published")}
          onSchedule={(iso) => publishChange({ status: "published", publishedAt: iso }, "Scheduled")}
          onUnpublish={() => void publishChange({ status: "draft" }, "Unpublished: it is a draft again")}
          onDelete={remove}
          reviewBadge={reviewing.badge}
          requestReview={reviewing.requestReview}
          canSchedule={reviewing.canSchedule}
          canUnpublish={reviewing.canUnpublish}
        />
      </div>
      {state.kind === "conflict" ? (
        <ConflictAlert
          onReload={() => load(state.current)}
          onOverwrite={() => autosave.overwrite(postRevisionEtag(state.current.updatedAt), ALL_PATCH_FIELDS)}
        />
      ) : null}
      {reviewing.notice}
      {backup ? <RestoreNotice at={backup.at} onRestore={() => restoreBackup(backup)} onDiscard={() => { discardBackup(post.id); setBackup(null); }} /> : null}
      <div className={styles.layout}>
        <div className={styles.writing}>
          <label htmlFor="post-title" className={styles.titleLabel}>Title</label>
          <input
            id="post-title"
            className={styles.title}
            value={values.title}
            placeholder="Untitled"
            maxLength={300}
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={errors.title ? "post-title-error" : undefined}
            onChange={(event) => change("title", event.target.value)}
            onBlur={() => autosave.flush()}
          />
          {errors.title ? <p id="post-title-error" className={styles.statusError}>{errors.title}</p> : null}
          <RichTextEditor
            key={editorKey}
            label="Content"
            initialContent={initialContent}
            onReady={onEditorReady}
            onChange={onEditorChange}
            onBlur={flush}
            describedBy="post-counts"
          />
          <p id="post-counts" className={styles.counts} aria-live="off">
            {words === null ? "\u00a0" : `${words} ${words === 1 ? "word" : "words"} · ${minutes} min read`}
          </p>
          {errors.content ? <p className={styles.statusError}>{errors.content}</p> : null}
        </div>
        {historyOpen ? (
          <HistoryPanel
            postId={post.id}
            username={account.username}
            settle={settle}
            currentEtag={currentEtag}
            onClose={closeHistory}
            onRestored={(restored) => {
              // The panel announces the restore (its status line): no toast saying it again.
              load(restored);
              // Names the user co-authors the restore brought back (the refreshed `usernames`).
              router.refresh();
            }}
            onConflict={(current) => autosave.conflict(current)}
          />
        ) : (
        <PostSettings
          values={values}
          errors={errors}
          autoExcerpt={contentText}
          seoSource={seoSource}
          onChange={change}
          onSlugEdited={() => {
            slugFollowsTitle.current = false;
          }}
          onBlur={flush}
        />
        )}
      </div>
    </div>
  );
}
