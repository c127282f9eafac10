"use client";
// The one Tiptap editor of the dashboard: the post editor's "Content" and, later, collection
// richtext fields. StarterKit + Image — exactly the node and mark types the API validates and
// renders (lib/content) — plus editor-only behaviour: placeholder, the selection bubble, the
// empty-line and "/" insert menus, Markdown shortcuts (StarterKit's input rules: "## ", "- ",
// "**bold**") and an image dialog. Its editable area is a textbox named by `label`.
import type { Editor, JSONContent } from "@tiptap/core";
import { Image } from "@tiptap/extension-image";
import { EditorContent, useEditor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import { Placeholder } from "@tiptap/extensions";
import { useEffect, useState } from "react";
import { describeUploadError, refuseBeforeUpload, uploadMedia } from "@/lib/client/media-api";
import type { TiptapDocument } from "@/lib/content/tiptap-document";
import { BubbleToolbar } from "./bubble-toolbar";
import { DEFAULT_MAX_BYTES, MediaPickerDialog } from "../media/media-picker-dialog";
import { useToast } from "../ui/toast";
import { AltTextDialog } from "./alt-text-dialog";
import { AltTextPrompts } from "./alt-text-prompts";
import { ImageUploads } from "./image-uploads";
import { EmptyLineMenu, SlashMenu, type SlashMenuHandle } from "./insert-menu";
import styles from "./rich-text-editor.module.css";
import { SlashCommand, type SlashBridge, type SlashState } from "./slash-command";

export type RichTextEditorProps = {
  label: string;
  initialContent: TiptapDocument;
  placeholder?: string;
  /** Every change; read the document with `editor.getJSON()` only when it is needed (it is O(size)). */
  onChange?: (editor: Editor) => void;
  onBlur?: () => void;
  /** The editor once it exists (for reading and replacing content from outside). */
  onReady?: (editor: Editor) => void;
  describedBy?: string;
};

export function RichTextEditor({ label, initialContent, placeholder = "Write, or type / to insert a block…", onChange, onBlur, onReady, describedBy }: RichTextEditorProps) {
  const [slash, setSlash] = useState<SlashState | null>(null);
  const [imageOpen, setImageOpen] = useState(false);
  const [altFor, setAltFor] = useState<number | null>(null);
  const notify = useToast();

  // The extension outlives renders; it reaches the menu through this bridge, whose key handler
  // the open menu installs (SlashMenu) and removes again.
  const [bridge] = useState<SlashBridge & { setKeyHandler: (handler: SlashMenuHandle | null) => void }>(() => {
    let keyHandler: SlashMenuHandle | null = null;
    return {
      setKeyHandler: (handler) => {
        keyHandler = handler;
      },
      requestImage: () => setImageOpen(true),
      open: (state) => setSlash(state),
      close: () => setSlash(null),
      keyDown: (event) => keyHandler?.keyDown(event) ?? false,
    };
  });

  const editor = useEditor({
    // Rendered on the client only: the server has no editor, and this avoids a hydration mismatch.
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["mailto", "tel"] },
        // It appends an empty paragraph as soon as a document opens, an "update" that would make
        // merely opening a post save it (and fire post.updated).
        trailingNode: false,
      }),
      Image,
      // Pasted or dropped image files go to the media library, with a placeholder at the caret.
      ImageUploads.configure({
        upload: (file, onProgress) => {
          const refused = refuseBeforeUpload(file, DEFAULT_MAX_BYTES);
          return refused ? Promise.reject(new Error(refused)) : uploadMedia(file, { onProgress });
        },
        onError: (file, err) => notify(`${file.name}: ${describeUploadError(err, file)}`, "error"),
      }),
      AltTextPrompts.configure({ onRequest: setAltFor }),
      Placeholder.configure({ placeholder }),
      SlashCommand.configure({ bridge }),
    ],
    content: initialContent as JSONContent,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-label": label,
        "aria-multiline": "true",
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: styles.content,
        spellcheck: "true",
      },
    },
  });

  // The parent's callbacks follow its renders: subscribe to the editor's events here rather than
  // in the options above, which the editor keeps from its first render.
  useEffect(() => {
    if (editor) onReady?.(editor);
  }, [editor, onReady]);
  useEffect(() => {
    if (!editor) return;
    const update = () => onChange?.(editor);
    const blur = () => onBlur?.();
    editor.on("update", update);
    editor.on("blur", blur);
    return () => {
      editor.off("update", update);
      editor.off("blur", blur);
    };
  }, [editor, onChange, onBlur]);

  const requestImage = () => setImageOpen(true);

  return (
    <div className={styles.frame}>
      <EditorContent editor={editor} />
      {editor ? (
        <>
          <BubbleToolbar editor={editor} />
          <EmptyLineMenu editor={editor} requestImage={requestImage} />
        </>
      ) : (
        // Until the editor mounts, keep its space so the layout does not jump (no role: nothing to type into yet).
        <div className={styles.content} aria-hidden="true" />
      )}
      <SlashMenu setKeyHandler={bridge.setKeyHandler} state={slash} onClose={() => setSlash(null)} />
      <AltTextDialog
        editor={editor}
        pos={altFor}
        onClose={() => {
          setAltFor(null);
          editor?.commands.focus();
        }}
      />
      <MediaPickerDialog
        open={imageOpen}
        title="Insert image"
        withAlt
        withUrl
        onClose={() => {
          setImageOpen(false);
          editor?.commands.focus();
        }}
        onPick={(image) => {
          setImageOpen(false);
          editor?.chain().focus().setImage({ src: image.src, alt: image.alt || undefined, width: image.width, height: image.height }).run();
        }}
      />
    </div>
  );
}
