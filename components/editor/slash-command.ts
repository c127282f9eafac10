// The `/` insert menu as a Tiptap extension on @tiptap/suggestion: typing "/" at the start of a
// line opens the menu and what follows filters it. The menu itself is React state in
// insert-menu.tsx; this extension only reports open/update/close and forwards keys to it
// through a bridge object the component fills in.
import { Extension, type Editor, type Range } from "@tiptap/core";
import { PluginKey } from "@tiptap/pm/state";
import { Suggestion } from "@tiptap/suggestion";
import { INSERT_ITEMS, type InsertItem } from "./insert-items";

export type SlashState = { items: InsertItem[]; range: Range; rect: DOMRect | null; choose: (item: InsertItem) => void };

export type SlashBridge = {
  requestImage(): void;
  open(state: SlashState): void;
  close(): void;
  /** True when the menu used the key (arrows, Enter, Escape). */
  keyDown(event: KeyboardEvent): boolean;
};

export function matchingItems(query: string): InsertItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return INSERT_ITEMS;
  return INSERT_ITEMS.filter((item) => item.name.toLowerCase().includes(q) || item.keywords.some((word) => word.startsWith(q)));
}

export const SlashCommand = Extension.create<{ bridge: SlashBridge | null }>({
  name: "slashCommand",
  addOptions() {
    return { bridge: null };
  },
  addProseMirrorPlugins() {
    const bridge = this.options.bridge;
    if (!bridge) return [];
    return [
      Suggestion<InsertItem, InsertItem>({
        editor: this.editor,
        pluginKey: new PluginKey("slashCommand"),
        char: "/",
        startOfLine: true,
        items: ({ query }) => matchingItems(query),
        command: ({ editor, range, props }: { editor: Editor; range: Range; props: InsertItem }) =>
          props.run(editor, { range, requestImage: () => bridge.requestImage() }),
        render: () => {
          const report = (props: { items: InsertItem[]; range: Range; clientRect?: (() => DOMRect | null) | null; command: (item: InsertItem) => void }) =>
            bridge.open({ items: props.items, range: props.range, rect: props.clientRect?.() ?? null, choose: props.command });
          return {
            onStart: report,
            onUpdate: report,
            onExit: () => bridge.close(),
            onKeyDown: ({ event }) => bridge.keyDown(event),
          };
        },
      }),
    ];
  },
});
