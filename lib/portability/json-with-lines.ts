// JSON.parse whose error names the line and column (PORTABILITY: a malformed file's message
// names the line or item), computed from the position V8 reports.
import { MalformedImport } from "./import-item";

export function parseJsonNamingLine(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const position = errorPosition(text, message);
    if (Number.isFinite(position)) {
      const before = text.slice(0, position);
      const line = before.split("\n").length;
      const column = position - before.lastIndexOf("\n");
      throw new MalformedImport(`${file}: invalid JSON at line ${line}, column ${column}`);
    }
    throw new MalformedImport(`${file}: invalid JSON (${message})`);
  }
}

/** Where V8 says the error is: "at position N" (most errors), or else the text it quotes around it. */
function errorPosition(text: string, message: string): number {
  const explicit = /position (\d+)/.exec(message);
  if (explicit) return Number(explicit[1]);
  const quoted = /, (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (!quoted) return NaN;
  const at = text.indexOf(quoted[2]);
  if (at < 0) return NaN;
  // V8 quotes up to 10 characters on each side of the offending one.
  return at + (quoted[1] ? Math.min(10, quoted[2].length - 1) : 0);
}
