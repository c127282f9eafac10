// The editor's autosave state machine (components/editor/autosave-controller.ts), driven with a
// fake clock and a fake PATCH: what it sends, when, and what it keeps when saving fails.
import { describe, expect, it } from "vitest";
import { AutosaveController, AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, type Backup } from "../../components/editor/autosave-controller";
import type { PatchField } from "../../components/editor/post-fields";
import { ApiRequestError, NetworkError } from "../../lib/client/api-client";

type Call = { body: Record<string, unknown>; etag: string | null; keepalive: boolean };

function harness() {
  let now = 0;
  const timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const calls: Call[] = [];
  const responses: ((call: Call) => Promise<string | null>)[] = [];
  const values: Record<string, unknown> = { title: "T", content: "C", slug: "s" };
  const fieldErrors: Partial<Record<PatchField, string>>[] = [];
  let backup: Backup | null = null;
  const controller = new AutosaveController(
    {
      patch: (body, options) => {
        const call = { body, ...options };
        calls.push(call);
        const respond = responses.shift() ?? (async () => `"e${calls.length}"`);
        return respond(call);
      },
      collect: (fields) => Object.fromEntries([...fields].map((field) => [field, values[field]])),
      onFieldErrors: (errors) => fieldErrors.push(errors),
      saveBackup: (value) => {
        backup = value;
      },
      setTimer: (run, ms) => {
        const id = nextId++;
        timers.push({ at: now + ms, run, id });
        return id;
      },
      clearTimer: (id) => {
        const index = timers.findIndex((timer) => timer.id === id);
        if (index >= 0) timers.splice(index, 1);
      },
      now: () => new Date(now),
    },
    { etag: '"e0"', savedAt: new Date(0) },
  );
  /** Moves the clock, running due timers, and lets the PATCH promises settle. */
  const advance = async (ms: number) => {
    now += ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const due = timers[0];
      if (!due || due.at > now) break;
      timers.shift();
      due.run();
      await settle();
    }
    await settle();
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { controller, calls, responses, values, fieldErrors, advance, backup: () => backup };
}

describe("AutosaveController", () => {
  it("sends one PATCH a second after the last change, with every dirty field and the ETag", async () => {
    const h = harness();
    h.controller.markDirty("title");
    await h.advance(AUTOSAVE_DELAY_MS - 100);
    h.controller.markDirty("content");
    await h.advance(AUTOSAVE_DELAY_MS - 100);
    expect(h.calls).toHaveLength(0);
    expect(h.controller.state.kind).toBe("dirty");
    await h.advance(100);
    expect(h.calls).toEqual([{ body: { title: "T", content: "C" }, etag: '"e0"', keepalive: false }]);
    expect(h.controller.state.kind).toBe("saved");
    expect(h.backup()).toBeNull();
    // The next save goes against the ETag the last one returned.
    h.controller.markDirty("title");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.calls[1].etag).toBe('"e1"');
  });

  it("typing without a pause still saves every 5 seconds, and the sent text is backed up until saved", async () => {
    const h = harness();
    let release!: () => void;
    h.responses.push(() => new Promise((resolve) => (release = () => resolve('"e1"'))));
    for (let t = 0; t < AUTOSAVE_MAX_WAIT_MS; t += 300) {
      h.controller.markDirty("content");
      await h.advance(300);
    }
    expect(h.calls).toHaveLength(1);
    expect(h.backup()?.patch).toEqual({ content: "C" }); // in flight: kept locally
    release();
    await h.advance(0);
    expect(h.backup()).toBeNull();
  });

  it("reads values at send time, and a change during a save goes out right after it", async () => {
    const h = harness();
    let release!: () => void;
    h.responses.push(() => new Promise((resolve) => (release = () => resolve('"e1"'))));
    h.controller.markDirty("content");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.controller.state.kind).toBe("saving");
    h.values.content = "C2";
    h.controller.markDirty("content");
    release();
    await h.advance(0);
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.calls.map((call) => call.body)).toEqual([{ content: "C" }, { content: "C2" }]);
    expect(h.calls[1].etag).toBe('"e1"');
    expect(h.controller.state.kind).toBe("saved");
  });

  it("a failed save keeps the fields, says why, keeps a backup and retries by itself", async () => {
    const h = harness();
    h.responses.push(async () => Promise.reject(new NetworkError(new Error("offline"))));
    h.controller.markDirty("content");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.controller.state).toEqual({ kind: "error", message: "Could not reach the server. Check your connection." });
    expect(h.backup()?.patch).toEqual({ content: "C" });
    expect(h.controller.hasUnsaved).toBe(true);
    await h.advance(2000);
    expect(h.calls).toHaveLength(2);
    expect(h.calls[1].body).toEqual({ content: "C" });
    expect(h.controller.state.kind).toBe("saved");
    expect(h.backup()).toBeNull();
  });

  it("a 412 stops autosave with the current post; Overwrite sends every field against its ETag", async () => {
    const h = harness();
    const current = { id: "p", title: "Theirs", updatedAt: "2026-01-01T00:00:00.000Z" };
    h.responses.push(async () => Promise.reject(new ApiRequestError(412, { error: "precondition_failed", current }, null)));
    h.controller.markDirty("title");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.controller.state).toEqual({ kind: "conflict", current });
    h.controller.markDirty("content");
    await h.advance(10 * AUTOSAVE_DELAY_MS);
    expect(h.calls).toHaveLength(1); // nothing is sent while the author decides
    h.controller.overwrite('"theirs"', ["title", "content", "slug"]);
    await h.advance(0);
    expect(h.calls[1]).toEqual({ body: { title: "T", content: "C", slug: "s" }, etag: '"theirs"', keepalive: false });
    expect(h.controller.state.kind).toBe("saved");
  });

  it("Reload drops local changes and takes the current ETag", async () => {
    const h = harness();
    h.responses.push(async () => Promise.reject(new ApiRequestError(412, { error: "precondition_failed", current: { id: "p" } }, null)));
    h.controller.markDirty("title");
    await h.advance(AUTOSAVE_DELAY_MS);
    h.controller.reset('"theirs"', new Date(5));
    expect(h.controller.state).toEqual({ kind: "saved", at: new Date(5) });
    expect(h.controller.hasUnsaved).toBe(false);
    h.controller.markDirty("content");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.calls[1]).toMatchObject({ body: { content: "C" }, etag: '"theirs"' });
  });

  it("a field the API refuses is set aside with its message and the rest still saves", async () => {
    const h = harness();
    h.responses.push(async () => Promise.reject(new ApiRequestError(409, { error: "Slug already used" }, null)));
    h.controller.markDirty("slug");
    h.controller.markDirty("content");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.fieldErrors.at(-1)).toEqual({ slug: "This slug is already used by another of your posts." });
    await h.advance(0);
    expect(h.calls[1].body).toEqual({ content: "C" });
    // Editing the slug again tries it again.
    h.controller.markDirty("slug");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.calls[2].body).toEqual({ slug: "s" });
    expect(h.fieldErrors.at(-1)).toEqual({});
  });

  it("a client error that names no field waits for Retry instead of retrying forever", async () => {
    const h = harness();
    h.responses.push(async () => Promise.reject(new ApiRequestError(404, { error: "Post not found" }, null)));
    h.controller.markDirty("title");
    await h.advance(AUTOSAVE_DELAY_MS);
    expect(h.controller.state).toEqual({ kind: "error", message: "Post not found" });
    await h.advance(60_000);
    expect(h.calls).toHaveLength(1);
    h.controller.retryNow();
    await h.advance(0);
    expect(h.calls).toHaveLength(2);
  });

  it("page hide saves at once with keepalive; commit sends the dirty fields with the publish change", async () => {
    const h = harness();
    h.controller.markDirty("title");
    h.controller.flushOnHide();
    await h.advance(0);
    expect(h.calls[0]).toMatchObject({ body: { title: "T" }, keepalive: true });
    h.controller.markDirty("content");
    expect(await h.controller.commit({ status: "published", publishedAt: null })).toBe(true);
    expect(h.calls[1].body).toEqual({ content: "C", status: "published", publishedAt: null });
  });
});
