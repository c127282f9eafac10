// The two texts an author gives a medium: its file name (shown, searched, used for the URL's
// stem) and its alt text. Both are one line without control characters; a name loses any folder
// part a browser or a client might send with it.
export const MAX_FILENAME = 200;
export const MAX_ALT = 1000;

const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, " ").replace(/\s+/g, " ").trim();

export function cleanFilename(value: string | null | undefined): string {
  const base = oneLine((value ?? "").split(/[\\/]/).pop() ?? "");
  return base.slice(0, MAX_FILENAME) || "image";
}

export function cleanAlt(value: string | null | undefined): string {
  return oneLine(value ?? "").slice(0, MAX_ALT);
}
