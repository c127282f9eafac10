// Fixtures and helpers for the portability tests: the hand-written exports in
// tests/fixtures/portability, zips made with yazl, and a one-call import through the domain.
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import yazl from "yazl";
import { createImport } from "../../lib/portability/create-import";
import { getImport } from "../../lib/portability/get-import";
import type { ImportSource } from "../../lib/portability/import-item";
import { runImport } from "../../lib/portability/run-import";

export const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/portability");

export const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return streamToBuffer(zip.outputStream);
}

export async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** Every file under a fixture folder, by its path relative to it. */
export function folderFiles(folder: string): Record<string, Buffer> {
  const root = path.join(FIXTURES, folder);
  const out: Record<string, Buffer> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out[path.relative(root, full)] = readFileSync(full);
    }
  };
  walk(root);
  return out;
}

export async function importNow(ownerId: string, source: ImportSource, bytes: Uint8Array, options: { filename?: string; dryRun?: boolean } = {}) {
  const { id } = await createImport({ ownerId, source, dryRun: options.dryRun ?? false, filename: options.filename ?? `upload.${source}`, bytes });
  await runImport(id);
  return (await getImport({ ownerId, id })).report;
}
