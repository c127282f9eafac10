"use client";
// The menu on a text selection: "Bold", "Italic", "Strike", "Code" (toggle buttons whose
// aria-pressed shows the active marks) and "Link", which opens a small URL form in place.
import type { Editor } from "@tiptap/core";
import { TextSelection } from "@tiptap/pm/state";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { useState } from "react";
import { Button } from "../ui/button";
import { controlClass } from "../ui/control-class";
import styles from "./rich-text-editor.module.css";

const MARKS = [
  { name: "Bold", mark: "bold", toggle: (editor: Editor) => editor.chain().focus().toggleBold().run() },
  { name: "Italic", mark: "italic", toggle: (editor: Editor) => editor.chain().focus().toggleItalic().run() },
  { name: "Strike", mark: "strike", toggle: (editor: Editor) => editor.chain().focus().toggleStrike().run() },
  { name: "Code", mark: "code", toggle: (editor: Editor) => editor.chain().focus().toggleCode().run() },
] as const;

export function BubbleToolbar({ editor }: { editor: Editor }) {
  const active = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive("bold"),
      italic: editor.isActive("italic"),
      strike: editor.isActive("strike"),
      code: editor.isActive("code"),
      link: editor.isActive("link"),
      href: (editor.getAttributes("link").href as string | undefined) ?? "",
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState("");

  function openLinkForm() {
    setHref(active.href);
    setLinking(true);
  }

  function applyLink(event: React.FormEvent) {
    event.preventDefault();
    const url = href.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (url) {
      // Like the word processors authors know: the caret lands just after the new link and
      // what they type next is plain text, so a following Enter or keystroke cannot replace
      // the linked words that are still selected.
      chain
        .setLink({ href: /^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(url) ? url : `https://${url}` })
        .command(({ tr }) => {
          tr.setSelection(TextSelection.create(tr.doc, tr.selection.to));
          tr.removeStoredMark(editor.schema.marks.link!);
          return true;
        })
        .run();
    } else chain.unsetLink().run();
    setLinking(false);
  }

  return (
    <BubbleMenu editor={editor} className={styles.bubble} options={{ placement: "top", offset: 8, onHide: () => setLinking(false) }}>
      {linking ? (
        <form className={styles.linkForm} onSubmit={applyLink} aria-label="Link">
          <input
            className={controlClass}
            aria-label="Link URL"
            placeholder="https://…"
            value={href}
            autoFocus
            onChange={(event) => setHref(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                setLinking(false);
                editor.commands.focus();
              }
            }}
          />
          <Button type="submit" size="sm" variant="primary">Apply link</Button>
          {active.link ? (
            <Button size="sm" onClick={() => { editor.chain().focus().extendMarkRange("link").unsetLink().run(); setLinking(false); }}>Remove link</Button>
          ) : null}
        </form>
      ) : (
        <div role="group" aria-label="Format text" className={styles.floatingItems}>
          {MARKS.map((item) => (
            <Button key={item.name} size="sm" variant="ghost" aria-pressed={active[item.mark]} onClick={() => item.toggle(editor)}>
              {item.name}
            </Button>
          ))}
          <Button size="sm" variant="ghost" aria-pressed={active.link} onClick={openLinkForm}>Link</Button>
        </div>
      )}
    </BubbleMenu>
  );
}
