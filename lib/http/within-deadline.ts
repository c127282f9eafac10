// A deadline on a call to another service that a stall of this process does not trip. Node runs
// due timers before it reads sockets, so after this process was busy (a long synchronous task, a
// GC pause, a starved CPU) a plain setTimeout race declares a timeout although the answer came
// in time and lies unread. Measured with the Upstash limiter and the shim in another process:
// a 1.2 s stall while the answer was in flight made the library's own 1 s timeout fire, the
// limiter failed open, and calls over the limit were let through for the next 5 s.

/** A timer this much later than due means the process was stalled, not the other service. */
const STALL_MS = 50;

/**
 * Settles as `call` does, or rejects with `onTimeout()` when `call` has not settled `ms` after
 * the start. Before giving up, sockets are read once more (setImmediate runs after the poll
 * phase); when the timer itself fired late the call gets that stalled time again, once.
 */
export function withinDeadline<T>(call: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const arm = (delay: number, extended: boolean) => {
      const due = performance.now() + delay;
      timer = setTimeout(() => {
        const lag = performance.now() - due;
        setImmediate(() => {
          if (settled) return;
          if (lag > STALL_MS && !extended) return arm(Math.min(lag, ms), true);
          settled = true;
          reject(onTimeout());
        });
      }, delay);
    };

    call.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
    arm(ms, false);
  });
}
