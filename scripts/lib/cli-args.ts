// `<command> --flag value ...` through node:util parseArgs (strict: a stray positional or a flag
// without a value is an error). Every flag is a string option; repeated flags keep the last value.
// The switches in SWITCHES take no value (`--dry-run`, `--force`) and read as "true".
import { parseArgs } from "node:util";

const SWITCHES = new Set(["dry-run", "force"]);

export function parseFlags(argv: string[]): { command: string | undefined; flags: Record<string, string> } {
  const [command, ...rest] = argv;
  const { tokens } = parseArgs({ args: rest, strict: false, allowPositionals: true, tokens: true });
  const flags: Record<string, string> = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === "positional") throw new Error(`Unexpected argument "${token.value}"`);
    if (token.kind !== "option") continue;
    if (token.value === undefined && SWITCHES.has(token.name)) {
      flags[token.name] = "true";
      continue;
    }
    if (token.value !== undefined) {
      flags[token.name] = token.value;
      continue;
    }
    // `--flag value`: with no options declared, parseArgs reports the value as the next token(s)
    // (a value such as "-x1" even as short options), so the value is the next raw argument.
    const value = rest[token.index + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`Flag ${token.rawName} needs a value`);
    flags[token.name] = value;
    while (tokens[i + 1]?.index === token.index + 1) i++;
  }
  return { command, flags };
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === "") throw new Error(`Missing --${name}`);
  return value;
}
