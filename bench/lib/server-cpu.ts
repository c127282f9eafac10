// CPU time a process has used so far (user + system), from /proc/<pid>/stat. The benches read it
// before and after a measurement to report server CPU milliseconds per request: unlike req/s, that
// figure hardly moves when other work shares the machine's cores.
import { readFileSync } from "node:fs";

/** Linux's USER_HZ: /proc reports times in these ticks (100 on every mainstream build). */
const TICKS_PER_SECOND = 100;

export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may contain spaces) are space-separated; utime and stime
  // are fields 14 and 15 of the whole line, i.e. 12 and 13 after the ") ".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
