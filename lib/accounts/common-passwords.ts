// The 10,000 most common passwords (assets/passwords/README.md says where the list comes from),
// read once per process on first use. The file is referenced through `new URL(…, import.meta.url)`
// so the bundler ships it with every route that can check a password.
import { readFileSync } from "node:fs";

let list: Set<string> | undefined;

function load(): Set<string> {
  const text = readFileSync(new URL("../../assets/passwords/10-million-password-list-top-10000.txt", import.meta.url), "utf8");
  return new Set(text.split("\n").map((line) => line.trim()).filter(Boolean));
}

/** Compared as typed and lowercased: "Password12" is as common as "password12". */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password) || list.has(password.toLowerCase());
}
