"use client";
// "Alt text" for one image of the document (opened by its "Add alt text" prompt): saved into the
// image node, like any edit (autosave takes it from there).
import type { Editor } from "@tiptap/core";
import { useState } from "react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { InputField } from "../ui/field";

export function AltTextDialog({ editor, pos, onClose }: { editor: Editor | null; pos: number | null; onClose: () => void }) {
  const [alt, setAlt] = useState("");
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (pos !== openedFor) {
    setOpenedFor(pos);
    setAlt(pos === null ? "" : String(editor?.state.doc.nodeAt(pos)?.attrs.alt ?? ""));
  }

  function save(event: React.FormEvent) {
    event.preventDefault();
    if (editor && pos !== null && editor.state.doc.nodeAt(pos)?.type.name === "image") {
      editor.chain().setNodeSelection(pos).updateAttributes("image", { alt: alt.trim() || null }).run();
    }
    onClose();
  }

  return (
    <Dialog
      open={pos !== null}
      onClose={onClose}
      title="Alt text"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" form="alt-text-form" variant="primary">Save</Button>
        </>
      }
    >
      <form id="alt-text-form" onSubmit={save}>
        <InputField label="Alt text" value={alt} autoFocus hint="What the image shows, for readers who cannot see it." onChange={(event) => setAlt(event.target.value)} />
      </form>
    </Dialog>
  );
}
