"use client";
// The two ways to insert a block (DASHBOARD.md): a menu beside an empty line, and the "/" menu
// that filters as you type and answers the arrow keys, Enter and Escape while focus stays in the
// text. Both list the same items (insert-items.ts) as buttons named after them.
import type { Editor } from "@tiptap/core";
import { FloatingMenu } from "@tiptap/react/menus";
import { useEffect, useMemo, useState } from "react";
import { Button } from "../ui/button";
import { INSERT_ITEMS } from "./insert-items";
import styles from "./rich-text-editor.module.css";
import type { SlashState } from "./slash-command";

export function EmptyLineMenu({ editor, requestImage }: { editor: Editor; requestImage: () => void }) {
  return (
    <FloatingMenu editor={editor} className={styles.floating} options={{ placement: "bottom-start", offset: 6 }}>
      {/* Tiptap's menu element takes only the class: the group and its name go on our own wrapper. */}
      <div role="group" aria-label="Insert block" className={styles.floatingItems}>
        {INSERT_ITEMS.map((item) => (
          <Button key={item.name} size="sm" variant="ghost" onClick={() => item.run(editor, { requestImage })}>
            {item.name}
          </Button>
        ))}
      </div>
    </FloatingMenu>
  );
}

export type SlashMenuHandle = { keyDown(event: KeyboardEvent): boolean };

export function SlashMenu({ state, onClose, setKeyHandler }: { state: SlashState | null; onClose: () => void; setKeyHandler: (handler: SlashMenuHandle | null) => void }) {
  const items = useMemo(() => state?.items ?? [], [state]);
  // The highlighted item belongs to one list: a new query starts again at the top.
  const [highlight, setHighlight] = useState<{ items: unknown; index: number }>({ items: null, index: 0 });
  const active = highlight.items === items ? highlight.index : 0;

  // While open, the editor's "/" extension hands its keys (arrows, Enter, Escape) to this menu.
  useEffect(() => {
    setKeyHandler({
      keyDown(event: KeyboardEvent) {
        if (!state) return false;
        if (event.key === "Escape") {
          onClose();
          return true;
        }
        if (items.length === 0) return false;
        if (event.key === "ArrowDown") {
          setHighlight({ items, index: (active + 1) % items.length });
          return true;
        }
        if (event.key === "ArrowUp") {
          setHighlight({ items, index: (active - 1 + items.length) % items.length });
          return true;
        }
        if (event.key === "Enter" || event.key === "Tab") {
          state.choose(items[Math.min(active, items.length - 1)]);
          return true;
        }
        return false;
      },
    });
    return () => setKeyHandler(null);
  }, [setKeyHandler, state, items, active, onClose]);

  if (!state) return null;
  const rect = state.rect;
  const style = rect ? { top: rect.bottom + 6, left: Math.max(8, Math.min(rect.left, window.innerWidth - 220)) } : { top: 0, left: 0 };
  return (
    <div className={styles.slash} style={style} role="group" aria-label="Insert block">
      {items.length === 0 ? <p className={styles.empty}>No matching block</p> : null}
      {items.map((item, index) => (
        <Button
          key={item.name}
          size="sm"
          variant="ghost"
          data-active={index === active}
          // Keep the text's focus and selection: the click chooses, it does not focus the button.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => state.choose(item)}
        >
          {item.name}
        </Button>
      ))}
      <span className="visually-hidden" aria-live="polite">{items[active]?.name ?? ""}</span>
    </div>
  );
}
