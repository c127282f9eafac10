"use client";
// Uploads in progress, one entry per file: its progress (0..1), then its medium or the reason it
// was refused. Files are checked before sending (SVG, size) and then uploaded one after another
// (the server processes a few at a time anyway), each through the SDK's upload, which picks the
// one-request or the two-step flow by size.
import { useCallback, useRef, useState } from "react";
import { describeUploadError, refuseBeforeUpload, uploadMedia, type Media } from "@/lib/client/media-api";

export type UploadItem = { key: number; name: string; progress: number; error: string | null; media: Media | null };

export function useMediaUploads({ maxBytes, onUploaded }: { maxBytes: number; onUploaded?: (media: Media) => void }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const next = useRef(1);
  const queue = useRef<Promise<void>>(Promise.resolve());

  const patch = useCallback((key: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = next.current++;
        const refused = refuseBeforeUpload(file, maxBytes);
        setItems((list) => [...list, { key, name: file.name, progress: 0, error: refused, media: null }]);
        if (refused) continue;
        queue.current = queue.current.then(async () => {
          try {
            const media = await uploadMedia(file, { onProgress: (fraction) => patch(key, { progress: fraction }) });
            patch(key, { progress: 1, media });
            onUploaded?.(media);
            // A finished upload leaves the list; its thumbnail is in the grid now.
            setItems((list) => list.filter((item) => item.key !== key));
          } catch (err) {
            patch(key, { error: describeUploadError(err, file) });
          }
        });
      }
    },
    [maxBytes, onUploaded, patch],
  );

  const dismiss = useCallback((key: number) => setItems((list) => list.filter((item) => item.key !== key)), []);
  return { items, start, dismiss };
}
