// Run after `npm install` changes package-lock.json: `node scripts/lock-platform-stubs.mjs`.
//
// The npm registry mirror these machines use has no builds for other platforms (macOS, Windows,
// some Linux CPUs) of packages such as @next/swc-*, so `npm install` leaves them out of the lock
// file, and `npm ci` then refuses the lock as "out of sync". This adds a lock entry, with the
// platform restrictions its name encodes, for every optional dependency the lock lacks; npm ci
// skips them on this platform as it would with a complete lock.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openharmony"];
const CPU = { arm64: "arm64", x64: "x64", ia32: "ia32", arm: "arm", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x" };

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.map((part) => CPU[part]).find(Boolean);
  const libc = parts.some((part) => part.startsWith("musl")) ? "musl" : parts.some((part) => part.startsWith("gnu")) ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, meta] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key] || packages[`${location}/${key}`]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os || !cpu) continue; // not a platform build: leave it to npm
    packages[key] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      cpu: [cpu],
      ...(os === "linux" && libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`lock-platform-stubs: added ${added} platform entries`);
