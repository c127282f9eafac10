// The entries of an uploaded .zip, read with yauzl (entry by entry, each inflated as a stream).
// Bounded: at most MAX_ENTRIES entries and MAX_UNCOMPRESSED bytes in all, so a zip bomb fails as
// a malformed file instead of filling memory. Directories and macOS resource forks are skipped.
import yauzl from "yauzl";
import { MalformedImport } from "./import-item";

const MAX_ENTRIES = 20_000;
const MAX_UNCOMPRESSED = 256 * 1024 * 1024;

export type ZipFile = { path: string; bytes: Buffer };

export const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

export function readZip(bytes: Uint8Array, file: string, wanted: (path: string) => boolean = () => true): Promise<ZipFile[]> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new MalformedImport(`${file}: ${message}`));
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return fail(`not a readable zip (${err?.message ?? "unknown error"})`);
      const files: ZipFile[] = [];
      let count = 0;
      let total = 0;
      zip.on("error", (error: Error) => fail(`not a readable zip (${error.message})`));
      zip.on("end", () => resolve(files));
      zip.on("entry", (entry: yauzl.Entry) => {
        count += 1;
        if (count > MAX_ENTRIES) return fail(`more than ${MAX_ENTRIES} entries`);
        const path = entry.fileName;
        if (path.endsWith("/") || path.startsWith("__MACOSX/") || !wanted(path)) return zip.readEntry();
        total += entry.uncompressedSize;
        if (total > MAX_UNCOMPRESSED) return fail(`more than ${MAX_UNCOMPRESSED / 1024 / 1024} MiB uncompressed`);
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return fail(`${path}: ${streamErr?.message ?? "unreadable"}`);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", (error: Error) => fail(`${path}: ${error.message}`));
          stream.on("end", () => {
            files.push({ path, bytes: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

export type ZipIndex = { paths: string[]; has(path: string): boolean; read(path: string): Promise<Buffer>; close(): void };

/** The zip's file list, each file read only when asked (the images an import copies in). */
export function openZipIndex(bytes: Uint8Array, file: string): Promise<ZipIndex> {
  return new Promise((resolve, reject) => {
    const fail = (message: string) => reject(new MalformedImport(`${file}: ${message}`));
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return fail(`not a readable zip (${err?.message ?? "unknown error"})`);
      const entries = new Map<string, yauzl.Entry>();
      zip.on("error", (error: Error) => fail(`not a readable zip (${error.message})`));
      zip.on("entry", (entry: yauzl.Entry) => {
        if (entries.size >= MAX_ENTRIES) return fail(`more than ${MAX_ENTRIES} entries`);
        if (!entry.fileName.endsWith("/") && !entry.fileName.startsWith("__MACOSX/")) entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("end", () =>
        resolve({
          paths: [...entries.keys()],
          has: (path) => entries.has(path),
          read: (path) =>
            new Promise((res, rej) => {
              const entry = entries.get(path);
              if (!entry) return rej(new Error(`${path} is not in the zip`));
              if (entry.uncompressedSize > MAX_UNCOMPRESSED) return rej(new Error(`${path} is too large`));
              zip.openReadStream(entry, (streamErr, stream) => {
                if (streamErr || !stream) return rej(streamErr ?? new Error(`${path}: unreadable`));
                const chunks: Buffer[] = [];
                stream.on("data", (chunk: Buffer) => chunks.push(chunk));
                stream.on("error", rej);
                stream.on("end", () => res(Buffer.concat(chunks)));
              });
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}
