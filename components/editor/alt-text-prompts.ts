// Images ask for alt text (MEDIA.md "Dashboard"): after every image without it, a small "Add alt
// text" button (a widget decoration, not part of the document) that opens the editor's "Alt
// text" dialog for that image. Pasted and dropped images arrive without alt text; this is where
// the author is asked, without stopping their typing.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";

export type AltTextPromptsOptions = { onRequest: (pos: number) => void };

const key = new PluginKey("altTextPrompts");

export const AltTextPrompts = Extension.create<AltTextPromptsOptions>({
  name: "altTextPrompts",

  addOptions() {
    return { onRequest: () => {} };
  },

  addProseMirrorPlugins() {
    const options = this.options;
    return [
      new Plugin({
        key,
        props: {
          decorations(state) {
            const widgets: Decoration[] = [];
            state.doc.descendants((node, pos) => {
              if (node.type.name !== "image" || (typeof node.attrs.alt === "string" && node.attrs.alt.trim())) return;
              const src = String(node.attrs.src ?? "");
              widgets.push(
                Decoration.widget(
                  pos + node.nodeSize,
                  () => {
                    const button = document.createElement("button");
                    button.type = "button";
                    button.className = "alt-text-prompt";
                    button.contentEditable = "false";
                    button.textContent = "Add alt text";
                    button.title = `This image has no alt text: ${src.split("/").pop() ?? ""}`;
                    button.addEventListener("mousedown", (event) => event.preventDefault());
                    button.addEventListener("click", () => options.onRequest(pos));
                    return button;
                  },
                  { side: 1, key: `alt:${pos}:${src}`, ignoreSelection: true },
                ),
              );
            });
            return DecorationSet.create(state.doc, widgets);
          },
        },
      }),
    ];
  },
});
