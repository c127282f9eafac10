// One export, in a process of its own so its peak RSS is the exporter's: `<ownerId> <format>`.
// Prints { ms, bytes, rssBeforeMb, peakRssMb } as its last line.
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { disconnectDb } from "../../lib/db";
import { writeExport, type ExportFormat } from "../../lib/portability/write-export";

const [ownerId, format] = process.argv.slice(2);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const rssBeforeMb = mb(process.memoryUsage().rss);
let bytes = 0;
const started = performance.now();
await pipeline(
  writeExport({ id: ownerId, username: "bench" }, format as ExportFormat),
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  }),
);
const ms = Math.round(performance.now() - started);
// maxRSS is in kilobytes.
console.log(JSON.stringify({ ms, bytes, rssBeforeMb, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
await disconnectDb();
process.exit(0);
