"use client";
// "Image": images are inserted by URL (DASHBOARD.md), with alt text for readers who cannot see it.
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";

export function ImageDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (image: { src: string; alt: string }) => void }) {
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | null>(null);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const url = src.trim();
    if (!/^https?:\/\/\S+$/i.test(url)) {
      setError("Enter an http(s) address of an image");
      return;
    }
    onInsert({ src: url, alt: alt.trim() });
    setSrc("");
    setAlt("");
    setError(null);
  }

  return (
    <Dialog open={open} onClose={onClose} title="Image">
      <form onSubmit={submit} style={{ display: "grid", gap: "var(--space-4)" }}>
        <InputField label="Image URL" type="url" value={src} autoFocus placeholder="https://…" error={error} onChange={(event) => setSrc(event.target.value)} />
        <InputField label="Alt text" value={alt} hint="What the image shows, for screen readers and when it cannot load." onChange={(event) => setAlt(event.target.value)} />
        <div style={{ display: "flex", gap: "var(--space-2)", justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary">Insert image</Button>
        </div>
      </form>
    </Dialog>
  );
}
