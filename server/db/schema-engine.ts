// Prisma's schema engine in its WebAssembly build (@prisma/schema-engine-wasm): the same engine the
// Prisma CLI runs natively, loaded here so migrations need no downloaded binary.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, DriverAdapterError } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

type EngineModule = typeof import("@prisma/schema-engine-wasm");

let enginePromise: Promise<EngineModule> | undefined;

// A Rust panic inside the engine reports its message here before the call throws.
const panicRegistry = { lastMessage: "" as string, set_message(message: string) { panicRegistry.lastMessage = message; } };

async function loadEngineModule(): Promise<EngineModule> {
  const slot: typeof globalThis & { PRISMA_WASM_PANIC_REGISTRY?: typeof panicRegistry } = globalThis;
  slot.PRISMA_WASM_PANIC_REGISTRY = panicRegistry;
  // Node 20 cannot import a .wasm file, so instantiate it by hand and hand the exports to the
  // wasm-bindgen glue, as the package's own entry does under a bundler.
  const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as EngineModule & {
    __wbg_set_wasm(exports: WebAssembly.Exports): void;
  };
  const require = createRequire(import.meta.url);
  const wasmPath = require.resolve("@prisma/schema-engine-wasm").replace(/schema_engine\.js$/, "schema_engine_bg.wasm");
  const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), {
    "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
  });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
  return glue;
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHARACTER_COLUMN = 6; // ColumnTypeEnum.Character of @prisma/driver-adapter-utils

interface Queryable {
  performIO(query: object): Promise<{ fields: Array<{ dataTypeID: number }> }>;
  queryRaw(query: object): Promise<{ columnTypes: number[] }>;
  startTransaction?(isolationLevel?: unknown): Promise<Queryable>;
}

/**
 * @prisma/adapter-pg 7.10 has no mapping for PostgreSQL's internal one-byte "char" type, which the
 * engine's catalog queries return (pg_constraint.contype and friends), so describing a database fails
 * with "Column type 'char' could not be deserialized". node-postgres already returns those values as
 * one-character strings; report their columns as Character, which is what the engine reads them as.
 * Applied to the engine's own connections only, never to the app's client.
 */
function readCharColumns<T extends object>(queryable: T): T {
  const target = queryable as unknown as Queryable;
  const charColumns = new WeakMap<object, number[]>();
  const performIO = target.performIO.bind(target);
  const queryRaw = target.queryRaw.bind(target);
  target.performIO = async (query) => {
    const result = await performIO(query);
    const indexes: number[] = [];
    result.fields.forEach((field, index) => {
      if (field.dataTypeID !== PG_CHAR_OID) return;
      field.dataTypeID = PG_TEXT_OID;
      indexes.push(index);
    });
    if (indexes.length) charColumns.set(query, indexes);
    return result;
  };
  target.queryRaw = async (query) => {
    const result = await queryRaw(query);
    for (const index of charColumns.get(query) ?? []) result.columnTypes[index] = CHARACTER_COLUMN;
    return result;
  };
  if (target.startTransaction) {
    const startTransaction = target.startTransaction.bind(target);
    target.startTransaction = async (isolationLevel) => readCharColumns(await startTransaction(isolationLevel));
  }
  return queryable;
}

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;

/**
 * @prisma/adapter-pg 7.10 runs a migration script by splitting it at every `;`, which cuts a
 * function body (`$$ … ; … $$`, the counters' triggers) and a comment holding a `;` into broken
 * statements. PostgreSQL's simple query protocol takes the whole script at once, as Prisma's native
 * engine sends it, and runs it as one implicit transaction: a migration applies entirely or not at
 * all.
 */
function wholeScripts(adapter: PgAdapter): PgAdapter {
  adapter.executeScript = async (script: string) => {
    try {
      await adapter.underlyingDriver().query(script);
    } catch (error) {
      const failure = error as { code?: string; severity?: string; message?: string; detail?: string; column?: string; hint?: string };
      throw new DriverAdapterError({
        kind: "postgres",
        code: failure.code ?? "",
        severity: failure.severity ?? "ERROR",
        message: failure.message ?? String(error),
        detail: failure.detail,
        column: failure.column,
        hint: failure.hint,
      });
    }
  };
  return adapter;
}

export interface ShadowDatabaseFactory {
  /** A fresh, empty database for the engine to replay migrations into; dropped by `dispose`. */
  (): Promise<{ url: string; dispose(): Promise<void> }>;
}

export interface OpenEngineOptions {
  url: string;
  schema: { path: string; content: string };
  /** Used instead of PrismaPg's CREATE DATABASE shadow (PGlite has a single database). */
  shadowDatabase?: ShadowDatabaseFactory;
  log?: (line: string) => void;
}

export interface OpenedSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes the connections it opened. */
  close(): Promise<void>;
}

export async function openSchemaEngine(options: OpenEngineOptions): Promise<OpenedSchemaEngine> {
  enginePromise ??= loadEngineModule();
  const engineModule = await enginePromise;
  const factory = new PrismaPg({ connectionString: options.url, max: 2 });
  const connect = factory.connect.bind(factory);
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  const opened: Array<{ dispose(): Promise<void> }> = [];
  factory.connect = async () => {
    const adapter = readCharColumns(wholeScripts(await connect()));
    opened.push(adapter);
    return adapter;
  };
  factory.connectToShadowDb = async () => {
    if (!options.shadowDatabase) return readCharColumns(wholeScripts(await connectToShadowDb()));
    const shadow = await options.shadowDatabase();
    const adapter = readCharColumns(wholeScripts(await new PrismaPg({ connectionString: shadow.url, max: 2 }).connect()));
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await dispose();
      await shadow.dispose();
    };
    return adapter;
  };
  const adapterFactory = bindMigrationAwareSqlAdapterFactory(factory);
  const engine = await engineModule.SchemaEngine.new(
    { datamodels: [[options.schema.path, options.schema.content]] },
    (line: string) => options.log?.(line),
    adapterFactory,
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.splice(0).map((adapter) => adapter.dispose().catch(() => undefined)));
    },
  };
}

export const NO_FILTERS = { externalTables: [], externalEnums: [] };
