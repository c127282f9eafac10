// Prisma's schema engine (the part behind `prisma migrate`) built for WebAssembly, driven through
// a driver adapter. The native engine cannot be downloaded on our machines, and `prisma migrate`
// refuses to run without it, so the migration tool loads the WASM build by hand. See
// shared/ENVIRONMENT.md ("Prisma 7 without the native engines") for how this was worked out.
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
} from "@prisma/driver-adapter-utils";
import * as wasmBindings from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { startEmbeddedServer } from "./embedded-server";

export type { SchemaEngine };

/** What the migration tool needs from one engine instance. */
export interface EngineSession {
  engine: SchemaEngine;
  /**
   * The PostgreSQL error of the last migration script that failed. The engine reduces driver
   * errors from PGlite to "External error id#0", so migrations.ts reads the real one here.
   */
  lastScriptError(): Error | undefined;
  /** Frees the engine and closes every pool and shadow database it opened. */
  close(): Promise<void>;
}

const OID_CHAR = 18; // Postgres' one-byte "char" type, used by pg_catalog (e.g. relkind).

let wasmReady: Promise<void> | undefined;

// The package's own entry imports the .wasm file as an ES module, which Node cannot do; the
// generated glue (schema_engine_bg.js) works once we hand it an instantiated module ourselves.
function loadWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const glue = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(path.join(path.dirname(glue), "schema_engine_bg.wasm"));
    const compiled = await WebAssembly.compile(bytes);
    const instance = await WebAssembly.instantiate(compiled, { "./schema_engine_bg.js": wasmBindings });
    const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown };
    g.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (m: string) => console.error(m) };
    wasmBindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

// adapter-pg's class fields we reach into. Neither is public API, but both have been stable
// and the alternative is re-implementing the adapter.
interface PgInternals {
  performIO(query: SqlQuery): Promise<pg.QueryResult<unknown[]>>;
  onError(error: unknown): never;
  underlyingDriver(): pg.Pool;
}

type Queryable = { queryRaw(query: SqlQuery): Promise<SqlResultSet> };

// adapter-pg throws "unsupported column type" on "char" (OID 18), which the engine reads when
// it inspects pg_catalog during diff. We relabel those fields as text so adapter-pg's own
// queryRaw can map the rest, then report them as Character: PGlite's values only deserialize
// as Character, not as Text.
function mapCharColumns<T extends Queryable>(target: T): T {
  const original = target.queryRaw;
  const io = (target as unknown as PgInternals).performIO.bind(target);
  target.queryRaw = async (query) => {
    const result = await io(query);
    const charColumns = result.fields.flatMap((f, i) => (f.dataTypeID === OID_CHAR ? [i] : []));
    const fields = result.fields.map((f) => (f.dataTypeID === OID_CHAR ? { ...f, dataTypeID: 25 } : f));
    // Re-run adapter-pg's mapping on the already fetched result instead of querying again.
    const replay = Object.create(target, { performIO: { value: async () => ({ ...result, fields }) } });
    const mapped: SqlResultSet = await original.call(replay, query);
    for (const i of charColumns) mapped.columnTypes[i] = ColumnTypeEnum.Character;
    return mapped;
  };
  return target;
}

interface ScriptErrors {
  last?: Error;
}

// adapter-pg splits scripts on ";" (breaking $$ bodies) and runs the pieces without a
// transaction. One simple-protocol query runs the whole script as one implicit transaction:
// a failing migration leaves nothing behind.
function wrapAdapter(adapter: SqlDriverAdapter, errors: ScriptErrors): SqlDriverAdapter {
  const internals = adapter as unknown as PgInternals;
  mapCharColumns(adapter);
  const startTransaction = adapter.startTransaction.bind(adapter);
  adapter.startTransaction = async (level) => mapCharColumns(await startTransaction(level));
  adapter.executeScript = async (script) => {
    try {
      await internals.underlyingDriver().query(script);
    } catch (error) {
      errors.last = error as Error;
      internals.onError(error);
    }
  };
  return adapter;
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

function withDatabaseName(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Loads the engine with a PostgreSQL driver adapter for `url`. `embedded` decides where a shadow
 * database comes from (only `diff` from a migrations folder needs one): an in-memory PGlite for
 * the embedded database, else a throwaway database on the same PostgreSQL server.
 */
export async function openSchemaEngine(opts: { url: string; embedded: boolean }): Promise<EngineSession> {
  await loadWasm();
  const errors: ScriptErrors = {};
  const cleanups: Array<() => Promise<void>> = [];

  async function connect(url: string, onDispose?: () => Promise<void>): Promise<SqlDriverAdapter> {
    const adapter = wrapAdapter(await new PrismaPg({ connectionString: url }).connect(), errors);
    const dispose = adapter.dispose.bind(adapter);
    const cleanup = once(async () => {
      await dispose();
      await onDispose?.();
    });
    cleanups.push(cleanup);
    adapter.dispose = cleanup;
    return adapter;
  }

  // PrismaPg's own connectToShadowDb keeps the connection string, so it would silently "shadow"
  // into the main database; the engine also needs the shadow database empty every time.
  async function connectToShadowDb(): Promise<SqlDriverAdapter> {
    if (opts.embedded) {
      const server = await startEmbeddedServer({ dataDir: "memory://" });
      return connect(server.url, () => server.close());
    }
    const name = `inkbase_shadow_${Date.now()}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: opts.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    return connect(withDatabaseName(opts.url, name), () => dropDatabase(opts.url, name));
  }

  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    connect: () => connect(opts.url),
    connectToShadowDb,
  };
  const closeAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  };
  let engine: SchemaEngine;
  try {
    engine = await wasmBindings.SchemaEngine.new({ datamodels: undefined }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  } catch (error) {
    await closeAll();
    throw error;
  }

  return {
    engine,
    lastScriptError: () => errors.last,
    close: once(async () => {
      engine.free();
      await closeAll();
    }),
  };
}

/** Drops a database, even if a forgotten connection still holds it (WITH FORCE: PostgreSQL 13+). */
export async function dropDatabase(url: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
