// Fault points for the durability tests (tests/durability/idempotency-kill.test.ts): a named place
// in the code where a test build can make the server die at once, as a kill -9 would, to prove
// that what was committed before it is enough for a retry.
//
// Present only in a build made with INKBASE_FAULT_POINTS=1 (`npm run build:faults`, into
// .next-faults): next.config.mjs inlines that variable at build time, and every call site is
// guarded by it, so a normal build's minifier drops the call (`"0" === "1"` is always false) and a
// production bundle holds no hook at all (checked by grep in that test). At run time such a build
// dies at the point named by INKBASE_FAULT_AT, and only there.
export type FaultPointName = "idempotency-after-commit";

export function faultPoint(name: FaultPointName): void {
  if (process.env.INKBASE_FAULT_AT !== name) return;
  process.kill(process.pid, "SIGKILL");
}
