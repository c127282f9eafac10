// Autosave that loses nothing (DASHBOARD.md "Nothing is lost"), as a plain state machine the
// editor drives (use-autosave.ts binds it to React):
// - a change marks its field dirty; ~1 s after the last change, or 5 s after the first unsaved
//   one while typing goes on (at once on blur, and on page hide with `keepalive`), one PATCH sends
//   every dirty field, read at send time;
// - every PATCH carries `If-Match` with the post's ETag; a 412 stops autosave and reports the
//   conflict with the current post, for the author to "Reload" or "Overwrite";
// - a failed save puts its fields back (newer edits win), says why, and retries by itself with
//   backoff; a field the API refuses (400 issue, 409 slug) is set aside with its message so the
//   rest still saves;
// - while anything is unsaved the unsaved fields are kept in localStorage (a Backup) until the
//   server has them, so even a crash or a dead battery loses nothing.
// One PATCH at a time: publishing goes through the same queue (`commit`), so ETags stay in order.
import { ApiRequestError, describeError } from "@/lib/client/api-client";
import { fieldOfIssue, type OwnerPost, type PatchField } from "./post-fields";

export type SaveState =
  | { kind: "saved"; at: Date }
  | { kind: "dirty" }
  | { kind: "saving" }
  | { kind: "error"; message: string }
  | { kind: "conflict"; current: OwnerPost };

export type Backup = { etag: string | null; at: string; patch: Record<string, unknown> };

export type AutosaveDeps = {
  /** PATCH /api/posts/:id with If-Match; resolves with the new ETag. */
  patch: (body: Record<string, unknown>, options: { etag: string | null; keepalive: boolean }) => Promise<string | null>;
  /** The PATCH body for these fields, read from the editor's current state. */
  collect: (fields: Iterable<PatchField>) => Record<string, unknown>;
  /** The API refused these fields: show the messages beside them (an empty map clears them). */
  onFieldErrors: (errors: Partial<Record<PatchField, string>>) => void;
  saveBackup: (backup: Backup | null) => void;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  now: () => Date;
};

export const AUTOSAVE_DELAY_MS = 1000;
/** Typing without a pause still saves this often. */
export const AUTOSAVE_MAX_WAIT_MS = 5000;
export const RETRY_DELAYS_MS = [2000, 5000, 15000, 30000];
// Browsers refuse keepalive bodies over 64 KiB; a larger page-hide flush goes without it.
const KEEPALIVE_LIMIT = 60_000;

export class AutosaveController {
  private current: SaveState;
  private readonly listeners = new Set<() => void>();
  private etag: string | null;
  private readonly dirty = new Set<PatchField>();
  private readonly refused = new Map<PatchField, string>();
  private inflight: Promise<boolean> | null = null;
  private timer: unknown = null;
  private retries = 0;
  private stopped = false; // a conflict waits for the author
  private dirtySince: number | null = null;

  constructor(
    private deps: AutosaveDeps,
    initial: { etag: string | null; savedAt: Date },
  ) {
    this.etag = initial.etag;
    this.current = { kind: "saved", at: initial.savedAt };
  }

  /** The editor's latest callbacks (they change with its renders). */
  setDeps(deps: Partial<AutosaveDeps>): void {
    this.deps = { ...this.deps, ...deps };
  }

  get state(): SaveState {
    return this.current;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get hasUnsaved(): boolean {
    return this.dirty.size > 0 || this.inflight !== null;
  }

  get canSave(): boolean {
    return !this.stopped;
  }

  /** A field changed: save it about a second after the last change. */
  markDirty(field: PatchField): void {
    this.dirty.add(field);
    this.refused.delete(field);
    if (this.stopped) return;
    if (this.current.kind !== "saving") this.set({ kind: "dirty" });
    const now = this.deps.now().getTime();
    this.dirtySince ??= now;
    this.schedule(Math.min(AUTOSAVE_DELAY_MS, Math.max(0, this.dirtySince + AUTOSAVE_MAX_WAIT_MS - now)));
  }

  /** Blur: save now what is dirty. */
  flush(): void {
    if (this.dirty.size === 0 || this.stopped) return;
    void this.send(null, false);
  }

  /** Page hide: keep a local copy, then try to save with `keepalive`. */
  flushOnHide(): void {
    this.writeBackup();
    if (this.dirty.size > 0 && !this.stopped) void this.send(null, true);
  }

  /** Saves what is dirty together with `extra` (publish, schedule, unpublish) right now. */
  commit(extra: Record<string, unknown>): Promise<boolean> {
    return this.send(extra, false);
  }

  retryNow(): void {
    this.retries = 0;
    void this.send(null, false);
  }

  /** Changes made against an older revision (a restored backup): send them against that ETag. */
  rebase(etag: string | null): void {
    this.etag = etag;
  }

  /** "Overwrite": the author's version wins over the current one — every field, against its ETag. */
  overwrite(currentEtag: string, allFields: PatchField[]): void {
    this.etag = currentEtag;
    this.stopped = false;
    for (const field of allFields) this.dirty.add(field);
    void this.send(null, false);
  }

  /** The ETag the next save will send as If-Match: the revision the author is looking at. */
  get currentEtag(): string | null {
    return this.etag;
  }

  /**
   * Saves what is dirty now and waits until nothing is in flight (History: restore and compare
   * against what the author has). True when everything reached the server.
   */
  async settle(): Promise<boolean> {
    if (this.dirty.size > 0 && !this.stopped) await this.send(null, false);
    while (this.inflight) await this.inflight;
    return !this.stopped && this.dirty.size === 0 && this.current.kind === "saved";
  }

  /** Another write (a restore) was refused with 412: the same conflict as a refused save. */
  conflict(current: OwnerPost): void {
    this.stopped = true;
    this.set({ kind: "conflict", current });
  }

  /** "Reload": the author takes the current version; local changes are dropped. */
  reset(currentEtag: string, savedAt: Date): void {
    this.etag = currentEtag;
    this.stopped = false;
    this.dirty.clear();
    this.refused.clear();
    this.deps.onFieldErrors({});
    this.set({ kind: "saved", at: savedAt });
    this.writeBackup();
  }

  dispose(): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
  }

  private set(state: SaveState): void {
    this.current = state;
    for (const listener of this.listeners) listener();
  }

  private schedule(ms: number): void {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.send(null, false);
    }, ms);
  }

  private writeBackup(): void {
    this.deps.saveBackup(this.dirty.size === 0 ? null : { etag: this.etag, at: this.deps.now().toISOString(), patch: this.deps.collect(this.dirty) });
  }

  private async send(extra: Record<string, unknown> | null, keepalive: boolean): Promise<boolean> {
    if (this.timer !== null) {
      this.deps.clearTimer(this.timer);
      this.timer = null;
    }
    while (this.inflight) await this.inflight;
    if (this.stopped) return false;
    const fields = [...this.dirty];
    if (fields.length === 0 && !extra) return true;
    // The local copy holds what is being sent until the server has it.
    this.writeBackup();
    this.dirty.clear();
    this.dirtySince = null;
    const body = { ...this.deps.collect(fields), ...extra };
    this.set({ kind: "saving" });
    const attempt = this.attempt(body, fields, keepalive && JSON.stringify(body).length < KEEPALIVE_LIMIT);
    this.inflight = attempt;
    try {
      return await attempt;
    } finally {
      this.inflight = null;
    }
  }

  private async attempt(body: Record<string, unknown>, fields: PatchField[], keepalive: boolean): Promise<boolean> {
    try {
      const next = await this.deps.patch(body, { etag: this.etag, keepalive });
      if (next) this.etag = next;
      this.retries = 0;
      for (const field of fields) this.refused.delete(field);
      this.deps.onFieldErrors(Object.fromEntries(this.refused));
      if (this.dirty.size > 0) {
        this.set({ kind: "dirty" });
        this.schedule(0);
      } else this.set({ kind: "saved", at: this.deps.now() });
      this.writeBackup();
      return true;
    } catch (err) {
      // Put the fields back; anything typed meanwhile is newer and already dirty.
      for (const field of fields) this.dirty.add(field);
      this.writeBackup();
      if (err instanceof ApiRequestError && err.status === 412 && err.body.current) {
        this.stopped = true;
        this.set({ kind: "conflict", current: err.body.current as OwnerPost });
        return false;
      }
      const setAside = err instanceof ApiRequestError ? refusedFields(err) : null;
      if (setAside && setAside.size > 0) {
        for (const [field, message] of setAside) {
          this.refused.set(field, message);
          this.dirty.delete(field);
        }
        this.deps.onFieldErrors(Object.fromEntries(this.refused));
        this.writeBackup();
        if (this.dirty.size > 0) this.schedule(0);
        else this.set({ kind: "error", message: "Some fields were not saved: see the messages beside them." });
        return false;
      }
      this.set({ kind: "error", message: describeError(err) });
      // A refusal that names no field will not change by itself: wait for the author's "Retry".
      if (err instanceof ApiRequestError && err.status < 500 && err.status !== 408 && err.status !== 429) return false;
      this.schedule(RETRY_DELAYS_MS[Math.min(this.retries, RETRY_DELAYS_MS.length - 1)]);
      this.retries += 1;
      return false;
    }
  }
}

/** The fields a 400 (issues) or a 409 on the slug names, with their messages. */
function refusedFields(err: ApiRequestError): Map<PatchField, string> | null {
  if (err.status === 409 && err.body.error === "Slug already used") return new Map([["slug", "This slug is already used by another of your posts."]]);
  if (err.status === 400 && err.body.error === "This slug is reserved and cannot be used") return new Map([["slug", err.body.error]]);
  if (err.status !== 400 || !err.body.issues?.length) return null;
  const map = new Map<PatchField, string>();
  for (const issue of err.body.issues) {
    const field = fieldOfIssue(issue.path);
    if (field && !map.has(field)) map.set(field, issue.message);
  }
  return map;
}
