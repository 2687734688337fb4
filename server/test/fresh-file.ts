// Runs first before each test file of a project that shares its workers between files
// (`isolate: false` in vitest.config.ts): a worker process runs file after file, so that Node loads
// the heavy packages (Next, Inngest, zod, Prisma's runtime) once per worker instead of once per
// file, which was most of a run's time. What a fresh process gave each file for free is given back
// here, after the file's own hooks: Herald's modules evaluated anew (with the file's vi.mock
// factories, and nothing another file mocked), the environment and the globals Herald keeps its
// singletons in (the clock, the database client, the providers) as they were, real timers.
import { afterAll, vi } from "vitest";

interface WorkerStart {
  env: Record<string, string | undefined>;
  globals: Set<string | symbol>;
}

// On globalThis under a symbol of its own: this module is evaluated again for each file.
const START = Symbol.for("herald-test.fresh-file.worker-start");
const slot = globalThis as typeof globalThis & { [START]?: WorkerStart };

// The first file of a worker sees the state a fresh process had: it is what every file starts from.
const start = (slot[START] ??= { env: { ...process.env }, globals: new Set(Reflect.ownKeys(globalThis)) });

function restoreEnvironment(): void {
  for (const name of Object.keys(process.env)) if (!(name in start.env)) delete process.env[name];
  for (const [name, value] of Object.entries(start.env)) if (process.env[name] !== value) process.env[name] = value;
}

/** Herald's singletons on globalThis (`__herald…` names and `herald.…` symbols) that the file created. */
function forgetHeraldGlobals(): void {
  for (const key of Reflect.ownKeys(globalThis)) {
    if (start.globals.has(key)) continue;
    const name = typeof key === "symbol" ? (Symbol.keyFor(key) ?? "") : key;
    if (name.startsWith("__herald") || name.startsWith("herald.")) Reflect.deleteProperty(globalThis, key);
  }
}

/**
 * What Vitest does between files when it isolates them (resetModules in vitest/dist/chunks/utils):
 * every module evaluated through its module runner is evaluated again on its next import, mocks
 * included, and the mock registry is emptied. Packages Node loads itself (node_modules) stay loaded:
 * that is the time saved. Vitest offers no public call for this; vi.resetModules keeps mocked
 * modules, which would hand one file's vi.mock factory result to the next file mocking the same path.
 */
function forgetModules(): void {
  const worker = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap: Map<string, ModuleNode> } } }).__vitest_worker__;
  const mocker = (globalThis as { __vitest_mocker__?: { reset?: () => void } }).__vitest_mocker__;
  const modules = worker?.evaluatedModules?.idToModuleMap;
  if (!modules || typeof mocker?.reset !== "function") {
    throw new Error("server/test/fresh-file.ts: Vitest's module registry has moved; update this file to the new Vitest (or isolate the project's files again).");
  }
  mocker.reset();
  for (const [id, node] of modules) {
    if (/\/vitest\/dist\/|vitest-virtual-\w+\/dist|@vitest\/dist/.test(id)) continue;
    node.promise = undefined;
    node.exports = undefined;
    node.evaluated = false;
    node.importers.clear();
  }
}

interface ModuleNode {
  promise?: unknown;
  exports?: unknown;
  evaluated: boolean;
  importers: Set<string>;
}

// Registered before any other hook of the file, so it runs after all of them ("stack" order).
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  restoreEnvironment();
  forgetHeraldGlobals();
  forgetModules();
});
