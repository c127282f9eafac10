// JSON.parse whose error names the line and column (PORTABILITY: a malformed file's message
// names the line or item), computed from the position V8 reports.
import { MalformedImport } from "./import-item";

export function parseJsonNamingLine(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN);
    if (Number.isFinite(position)) {
      const before = text.slice(0, position);
      const line = before.split("\n").length;
      const column = position - before.lastIndexOf("\n");
      throw new MalformedImport(`${file}: invalid JSON at line ${line}, column ${column}`);
    }
    throw new MalformedImport(`${file}: invalid JSON (${message})`);
  }
}
