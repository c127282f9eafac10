// `--flag value` pairs after the command name. Repeated flags keep the last value.
export function parseFlags(argv: string[]): { command: string | undefined; flags: Record<string, string> } {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (!arg.startsWith("--")) throw new Error(`Unexpected argument "${arg}"`);
    const eq = arg.indexOf("=");
    if (eq > 0) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const value = rest[i + 1];
    if (value === undefined || value.startsWith("--")) throw new Error(`Flag ${arg} needs a value`);
    flags[arg.slice(2)] = value;
    i++;
  }
  return { command, flags };
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === "") throw new Error(`Missing --${name}`);
  return value;
}
