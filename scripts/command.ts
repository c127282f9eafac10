// The shape of one admin CLI command, on its own so the command tables (admin-commands.ts,
// portability-commands.ts) share it without importing each other.
import type { ConfiguredDatabase } from "./lib/embedded-server";

type Flags = Record<string, string>;

export type CommandContext = {
  /** The database the command runs against (absent for commands that own their connection). */
  database?: ConfiguredDatabase;
  connected<T>(fn: (database: ConfiguredDatabase) => Promise<T>): Promise<T>;
};
export type Command = ((flags: Flags, context: CommandContext) => Promise<unknown>) & { ownsDatabase?: boolean };
