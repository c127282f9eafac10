// CPU time processes have used so far (user + system), from /proc/<pid>/stat. The benches read it
// before and after a measurement to report server (and database) CPU milliseconds per request:
// unlike req/s, that figure hardly moves when other work shares the machine's cores.
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports times in these ticks (100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

/**
 * One process's command name and its times in ticks: utime and stime (its own), cutime and cstime
 * (its ended children's). They are fields 14–17 of the line; the command name before them is in
 * parentheses and may contain spaces, so fields are counted from its closing ")".
 */
function readStat(pid: number | string): { command: string; own: number; children: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    command: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
    own: Number(fields[11]) + Number(fields[12]),
    children: Number(fields[13]) + Number(fields[14]),
  };
}

const toMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

export function processCpuMs(pid: number): number {
  return toMs(readStat(pid).own);
}

/**
 * CPU time used so far by PostgreSQL on this machine: every live postgres process, plus what its
 * ended children used (the postmaster's cutime/cstime: a backend that closes, e.g. when a pool
 * drops an idle connection, moves its time there instead of out of the sum). The database shares
 * the two cores with the server: a cheaper Node path that moves work into PostgreSQL would
 * otherwise look free.
 */
export function databaseCpuMs(): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readStat(entry);
      if (stat.command === "postgres") ticks += stat.own + stat.children;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return toMs(ticks);
}
