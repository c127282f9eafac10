"use client";
// The media library (MEDIA.md "Dashboard"), on the Media page and inside the editor's "Insert
// image" and the cover's "Choose image" dialogs: a search box "Search media", an "Upload" button
// and a drop zone with a progress bar per file, and a grid of thumbnails, each a button named by
// its file name. `onOpen` decides what a thumbnail does (details on the Media page, choose in a
// dialog). Everything goes through our API (lib/client/media-api.ts).
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError } from "@/lib/client/api-client";
import { listMedia, type Media, type MediaPage } from "@/lib/client/media-api";
import { Button } from "../ui/button";
import { MediaThumbnail } from "./media-thumbnail";
import styles from "./media.module.css";
import { UploadList } from "./upload-list";
import { useMediaUploads } from "./use-media-uploads";

export type MediaLibraryHandle = { replace: (media: Media) => void; remove: (id: string) => void };

export function MediaLibrary({
  initial,
  maxBytes,
  onOpen,
  selectedId,
  onUploaded,
  bind,
  compact,
}: {
  initial?: MediaPage;
  maxBytes: number;
  onOpen: (media: Media) => void;
  /** In a chooser: the thumbnail shown as chosen (aria-pressed). */
  selectedId?: string | null;
  onUploaded?: (media: Media) => void;
  /** Lets the owner of the grid update or drop an item after a change elsewhere (the details dialog). */
  bind?: (handle: MediaLibraryHandle) => void;
  compact?: boolean;
}) {
  const [items, setItems] = useState<Media[]>(initial?.data ?? []);
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(initial?.pageInfo.hasMore ?? false);
  const [loading, setLoading] = useState(!initial);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const firstQuery = useRef(!!initial);

  const load = useCallback(async (query: string, pageNumber: number) => {
    setLoading(true);
    setError(null);
    try {
      const result = await listMedia({ q: query, page: pageNumber, limit: 24 });
      setItems((list) => (pageNumber === 1 ? result.data : [...list, ...result.data.filter((m) => !list.some((known) => known.id === m.id))]));
      setHasMore(result.pageInfo.hasMore);
      setPage(pageNumber);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setLoading(false);
    }
  }, []);

  // The first page came with the page (or loads now); a search reloads after typing pauses.
  useEffect(() => {
    if (firstQuery.current) {
      firstQuery.current = false;
      return;
    }
    const timer = setTimeout(() => void load(q.trim(), 1), 250);
    return () => clearTimeout(timer);
  }, [q, load]);

  useEffect(() => {
    bind?.({
      replace: (media) => setItems((list) => list.map((item) => (item.id === media.id ? media : item))),
      remove: (id) => setItems((list) => list.filter((item) => item.id !== id)),
    });
  }, [bind]);

  const uploads = useMediaUploads({
    maxBytes,
    onUploaded: (media) => {
      setItems((list) => [media, ...list.filter((item) => item.id !== media.id)]);
      onUploaded?.(media);
    },
  });

  const take = (files: FileList | null | undefined) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length) uploads.start(chosen);
  };

  return (
    <div
      className={[styles.library, dragging ? styles.dragging : "", compact ? styles.compact : ""].join(" ")}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!event.dataTransfer.files.length) return;
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer.files);
      }}
    >
      <div className={styles.toolbar}>
        <input className={styles.search} type="search" aria-label="Search media" placeholder="Search by name or alt text" value={q} onChange={(event) => setQ(event.target.value)} />
        <Button variant="primary" onClick={() => fileInput.current?.click()}>Upload</Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            take(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      <p className={styles.dropHint}>{dragging ? "Drop to upload" : "Drop images here to upload them: JPEG, PNG, WebP, AVIF or GIF."}</p>
      <UploadList items={uploads.items} onDismiss={uploads.dismiss} />
      {error ? <p role="alert" className={styles.uploadError}>{error}</p> : null}
      {items.length === 0 && !loading ? (
        <p className={styles.empty}>{q.trim() ? "No media match your search." : "No media yet. Upload an image, or drop one here."}</p>
      ) : (
        <ul className={styles.grid} aria-label="Media" aria-busy={loading}>
          {items.map((media) => (
            <li key={media.id}>
              <MediaThumbnail media={media} selected={selectedId === undefined ? undefined : selectedId === media.id} onClick={() => onOpen(media)} />
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className={styles.more}>
          <Button onClick={() => void load(q.trim(), page + 1)} disabled={loading}>{loading ? "Loading…" : "Load more"}</Button>
        </div>
      ) : null}
    </div>
  );
}
