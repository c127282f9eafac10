"use client";
// A dialog for choosing an image from the media library, or uploading one into it: the editor's
// "Insert image" (with "Alt text", and an "Image URL" for an image hosted elsewhere) and the
// cover's "Choose image". The dialog is named after its action and confirms with a button of the
// same name (DASHBOARD.md).
import { useState } from "react";
import { updateMedia, type Media } from "@/lib/client/media-api";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";
import { MediaLibrary } from "./media-library";
import styles from "./media.module.css";

/** The client's own limit check before sending (the server checks MEDIA_MAX_BYTES again). */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export type PickedImage = { src: string; alt: string; width?: number; height?: number };

export function MediaPickerDialog({
  open,
  title,
  onClose,
  onPick,
  withAlt,
  withUrl,
}: {
  open: boolean;
  /** "Insert image" or "Choose image": the dialog's name and its confirm button. */
  title: string;
  onClose: () => void;
  onPick: (image: PickedImage) => void;
  withAlt?: boolean;
  withUrl?: boolean;
}) {
  const [chosen, setChosen] = useState<Media | null>(null);
  const [url, setUrl] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function reset() {
    setChosen(null);
    setUrl("");
    setAlt("");
    setError(null);
  }

  function choose(media: Media) {
    setChosen(media);
    setUrl("");
    setAlt(media.alt);
    setError(null);
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const typed = url.trim();
    if (chosen && !typed) {
      // Alt text written here also goes to the medium, so the library offers it next time.
      if (withAlt && alt.trim() && !chosen.alt) void updateMedia(chosen.id, { alt: alt.trim() }).catch(() => {});
      onPick({ src: chosen.url, alt: alt.trim(), width: chosen.width, height: chosen.height });
    } else if (withUrl && /^https?:\/\/\S+$/i.test(typed)) {
      onPick({ src: typed, alt: alt.trim() });
    } else {
      setError(withUrl ? "Choose an image, upload one, or enter an http(s) address" : "Choose an image, or upload one");
      return;
    }
    reset();
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      title={title}
      wide
      actions={
        <>
          <Button
            onClick={() => {
              reset();
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button type="submit" form="media-picker-form" variant="primary">{title}</Button>
        </>
      }
    >
      {open ? <MediaLibrary compact maxBytes={DEFAULT_MAX_BYTES} selectedId={chosen?.id ?? null} onOpen={choose} onUploaded={choose} /> : null}
      <form id="media-picker-form" onSubmit={submit} className={styles.altForm}>
        {withUrl ? (
          <InputField
            label="Image URL"
            type="url"
            value={url}
            placeholder="https://… (an image hosted elsewhere)"
            onChange={(event) => {
              setUrl(event.target.value);
              if (event.target.value) setChosen(null);
            }}
          />
        ) : null}
        {withAlt ? (
          <InputField label="Alt text" value={alt} hint={chosen && !chosen.alt ? "This image has no alt text yet: describe it for readers who cannot see it." : "What the image shows, for screen readers and when it cannot load."} onChange={(event) => setAlt(event.target.value)} />
        ) : null}
        {chosen ? <p className={styles.muted} role="status">Chosen: {chosen.filename}</p> : null}
        {error ? <p role="alert" className={styles.uploadError}>{error}</p> : null}
      </form>
    </Dialog>
  );
}
