// CPU time a process has used so far (user + system), from /proc/<pid>/stat. The benches read it
// before and after a measurement to report server CPU milliseconds per request: unlike req/s, that
// figure hardly moves when other work shares the machine's cores.
import { readdirSync, readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports times in these ticks (100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may contain spaces) are space-separated; utime and stime
  // are fields 14 and 15 of the whole line, i.e. 12 and 13 after the ") ".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
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
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== "postgres") continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime, stime, cutime, cstime: fields 14–17 of the line.
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
