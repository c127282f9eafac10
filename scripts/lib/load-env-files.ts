// `.env` files for the scripts, loaded exactly as Next loads them for the server (@next/env):
// `.env.$MODE.local`, `.env.local` (not when NODE_ENV=test), `.env.$MODE`, `.env`, the first
// file to define a variable winning, and a variable already in the environment beating every
// file. MODE is development for `npm run dev`, test under NODE_ENV=test, else production.
// The files are read from the directory the command runs in, which for `npm run …` is the
// project root, where Next reads them too.
import nextEnv from "@next/env";

export function loadEnvFiles(options: { dev?: boolean } = {}): string[] {
  const silent = { info() {}, error: (...args: unknown[]) => console.error(...args) };
  const { loadedEnvFiles } = nextEnv.loadEnvConfig(process.cwd(), options.dev ?? false, silent);
  return loadedEnvFiles.map((file) => file.path);
}
