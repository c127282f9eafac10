// The one entry to the parsers: the uploaded bytes and the source say which items an import
// has, in a fixed order (a resumed import parses the same bytes again and skips the items its
// committed batches hold). A malformed file throws MalformedImport naming the line or item.
import { MalformedImport, type ImportItem, type ImportSource } from "./import-item";
import { parseGhost } from "./parse-ghost";
import { parseInkbase } from "./parse-inkbase";
import { parseMarkdown } from "./parse-markdown";
import { parseWordpress } from "./parse-wordpress";
import { isZip, readZip } from "./read-zip";

async function singleText(bytes: Uint8Array, filename: string, pattern: RegExp): Promise<{ text: string; name: string }> {
  if (!isZip(bytes)) return { text: Buffer.from(bytes).toString("utf8"), name: filename };
  // A zipped Ghost or WordPress export: the first file of the expected kind.
  const [file] = await readZip(bytes, filename, (path) => pattern.test(path));
  if (!file) throw new MalformedImport(`${filename}: the zip holds no ${pattern.source.replace(/\\|\$/g, "")} file`);
  return { text: file.bytes.toString("utf8"), name: file.path };
}

export async function parseImportFile(source: ImportSource, bytes: Uint8Array, filename: string): Promise<ImportItem[]> {
  if (bytes.length === 0) throw new MalformedImport(`${filename}: the file is empty`);
  switch (source) {
    case "ghost": {
      const { text, name } = await singleText(bytes, filename, /\.json$/i);
      return parseGhost(text, name);
    }
    case "wordpress": {
      const { text, name } = await singleText(bytes, filename, /\.xml$/i);
      return parseWordpress(text, name);
    }
    case "markdown":
      return parseMarkdown(bytes, filename);
    case "inkbase":
      return parseInkbase(bytes, filename);
  }
}
