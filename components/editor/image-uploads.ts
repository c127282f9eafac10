// Pasting or dropping image files into the editor (MEDIA.md "Dashboard"): each file is uploaded
// to the media library while a placeholder (a widget decoration with a progress bar named by the
// file name) holds its place at the caret. The placeholder is not part of the document: typing,
// undo and autosave go on around it, and ProseMirror maps its position through every edit, so the
// image lands where the placeholder has moved to. A refused file's placeholder goes, and the
// editor says why.
import { Extension, type Editor } from "@tiptap/core";
import { Plugin, PluginKey, type EditorState, type Transaction } from "@tiptap/pm/state";
import { Decoration, DecorationSet, type EditorView } from "@tiptap/pm/view";
import type { Media } from "@/lib/client/media-api";

export type ImageUploadsOptions = {
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<Media>;
  /** A file that was refused, and why (shown by the editor). */
  onError: (file: File, error: unknown) => void;
};

type Meta = { add?: { id: string; pos: number; name: string }; remove?: string };

const key = new PluginKey<DecorationSet>("imageUploads");
let nextId = 1;

function placeholder(name: string, bars: Map<string, HTMLProgressElement>, id: string): HTMLElement {
  const box = document.createElement("span");
  box.className = "image-upload-placeholder";
  box.contentEditable = "false";
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.setAttribute("aria-label", name);
  const label = document.createElement("span");
  label.textContent = `Uploading ${name}…`;
  box.append(bar, label);
  bars.set(id, bar);
  return box;
}

function findPlaceholder(state: EditorState, id: string): number | null {
  const found = key.getState(state)?.find(undefined, undefined, (spec) => spec.id === id) ?? [];
  return found.length ? found[0].from : null;
}

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith("image/") || /\.(jpe?g|png|webp|avif|gif|svg)$/i.test(file.name));
}

export const ImageUploads = Extension.create<ImageUploadsOptions>({
  name: "imageUploads",

  addOptions() {
    return { upload: () => Promise.reject(new Error("no uploader")), onError: () => {} };
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    const options = this.options;
    const bars = new Map<string, HTMLProgressElement>();

    const start = (view: EditorView, files: File[], pos: number) => {
      for (const file of files) {
        const id = `upload-${nextId++}`;
        view.dispatch(view.state.tr.setMeta(key, { add: { id, pos, name: file.name } } satisfies Meta));
        void options
          .upload(file, (fraction) => {
            const bar = bars.get(id);
            if (bar) bar.value = Math.round(fraction * 100);
          })
          .then((media) => insertAt(editor, id, media))
          .catch((err: unknown) => {
            if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(key, { remove: id } satisfies Meta));
            options.onError(file, err);
          })
          .finally(() => bars.delete(id));
      }
    };

    return [
      new Plugin<DecorationSet>({
        key,
        state: {
          init: () => DecorationSet.empty,
          apply(tr: Transaction, set: DecorationSet) {
            let next = set.map(tr.mapping, tr.doc);
            const meta = tr.getMeta(key) as Meta | undefined;
            if (meta?.add) {
              const { id, name } = meta.add;
              const widget = Decoration.widget(meta.add.pos, () => placeholder(name, bars, id), { id, side: -1 });
              next = next.add(tr.doc, [widget]);
            }
            if (meta?.remove) next = next.remove(next.find(undefined, undefined, (spec) => spec.id === meta.remove));
            return next;
          },
        },
        props: {
          decorations: (state) => key.getState(state),
          handlePaste(view, event) {
            const files = imageFiles(event.clipboardData?.files);
            if (!files.length) return false;
            start(view, files, view.state.selection.from);
            return true;
          },
          handleDrop(view, event, _slice, moved) {
            if (moved) return false;
            const files = imageFiles(event.dataTransfer?.files);
            if (!files.length) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.from;
            start(view, files, at);
            return true;
          },
        },
      }),
    ];
  },
});

/** The finished upload replaces its placeholder, wherever edits have moved it. */
function insertAt(editor: Editor, id: string, media: Media) {
  if (editor.isDestroyed) return;
  const pos = findPlaceholder(editor.state, id);
  editor.view.dispatch(editor.state.tr.setMeta(key, { remove: id } satisfies Meta));
  if (pos === null) return;
  // The caret stays where the author is typing (the default would move it after the image).
  editor.commands.insertContentAt(pos, { type: "image", attrs: { src: media.url, alt: media.alt || null, width: media.width, height: media.height } }, { updateSelection: false });
}
