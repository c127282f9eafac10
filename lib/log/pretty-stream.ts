// The terminal form of the logs (LOG_FORMAT resolved to `pretty`): pino still builds each JSON
// line, and this stream turns it into what a person reads. A request line is
//   18:03:11  GET /dashboard/posts 200 12 ms
// and anything else is its time, level and message, then its fields as key=value, then an error's
// stack. Levels and statuses are coloured when the output is a terminal.
import type { Writable } from "node:stream";

const LEVEL_LABEL: Record<string, string> = { trace: "TRACE", debug: "DEBUG", info: "INFO ", warn: "WARN ", error: "ERROR", fatal: "FATAL" };
const paint = (code: number) => (text: string) => `\x1b[${code}m${text}\x1b[39m`;
const COLOR = { red: paint(31), green: paint(32), yellow: paint(33), cyan: paint(36), gray: paint(90) };

type Line = { level?: string; time?: string; msg?: string; [field: string]: unknown };

function clock(time: unknown): string {
  const date = typeof time === "string" ? new Date(time) : new Date();
  return date.toTimeString().slice(0, 8);
}

function statusColor(status: number): (text: string) => string {
  return status >= 500 ? COLOR.red : status >= 400 ? COLOR.yellow : status >= 300 ? COLOR.cyan : COLOR.green;
}

function fieldText(value: unknown): string {
  return typeof value === "string" ? (/[\s"=]/.test(value) ? JSON.stringify(value) : value) : JSON.stringify(value);
}

export function formatLine(line: Line, colors: boolean): string {
  const dim = colors ? COLOR.gray : (text: string) => text;
  const { level = "info", time, msg = "", pid, hostname, err, ...fields } = line;
  void pid;
  void hostname;
  if (msg === "request" && typeof fields.status === "number") {
    const { method, path, status, ms, note } = fields as { method: string; path: string; status: number; ms: number; note?: string };
    const code = colors ? statusColor(status)(String(status)) : String(status);
    return `${dim(clock(time))}  ${method} ${path} ${code} ${dim(`${ms} ms`)}${note ? dim(` (${note})`) : ""}`;
  }
  const label = LEVEL_LABEL[level] ?? level.toUpperCase();
  const coloredLabel = !colors ? label : level === "error" || level === "fatal" ? COLOR.red(label) : level === "warn" ? COLOR.yellow(label) : label;
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${fieldText(value)}`).join(" ");
  const stack = err && typeof err === "object" && "stack" in err ? `\n${String((err as { stack: unknown }).stack)}` : err ? ` err=${fieldText(err)}` : "";
  return `${dim(clock(time))}  ${coloredLabel} ${msg}${rest ? ` ${dim(rest)}` : ""}${stack}`;
}

/** A destination for pino that writes the human form of each line to `out`. */
export function prettyStream(out: Writable & { isTTY?: boolean }): { write(chunk: string): void } {
  const colors = out.isTTY === true && !process.env.NO_COLOR;
  return {
    write(chunk: string) {
      for (const raw of chunk.split("\n")) {
        if (!raw) continue;
        let line: Line;
        try {
          line = JSON.parse(raw) as Line;
        } catch {
          out.write(`${raw}\n`);
          continue;
        }
        out.write(`${formatLine(line, colors)}\n`);
      }
    },
  };
}
