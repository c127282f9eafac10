"use client";
// The Media page's library: thumbnails open "Media details", whose changes update the grid.
import { useCallback, useRef, useState } from "react";
import type { Media, MediaPage } from "@/lib/client/media-api";
import { MediaDetailsDialog } from "./media-details-dialog";
import { MediaLibrary, type MediaLibraryHandle } from "./media-library";

export function MediaManager({ initial, maxBytes }: { initial: MediaPage; maxBytes: number }) {
  const [open, setOpen] = useState<Media | null>(null);
  const library = useRef<MediaLibraryHandle | null>(null);
  const bind = useCallback((handle: MediaLibraryHandle) => {
    library.current = handle;
  }, []);
  return (
    <>
      <MediaLibrary initial={initial} maxBytes={maxBytes} onOpen={setOpen} bind={bind} />
      <MediaDetailsDialog
        media={open}
        onClose={() => setOpen(null)}
        onSaved={(media) => {
          setOpen(media);
          library.current?.replace(media);
        }}
        onDeleted={(id) => {
          setOpen(null);
          library.current?.remove(id);
        }}
      />
    </>
  );
}
