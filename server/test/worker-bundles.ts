// The crash tests' worker scripts (server/test/fixtures/*-worker.ts), compiled once into plain
// JavaScript that `node` runs as it is. A crash test starts its worker up to 100 times; started with
// `node --import tsx`, each start compiled the same few hundred TypeScript files again (seconds on a
// busy machine), while the compiled bundle starts in a fraction of that. The worker's code is the
// same either way: esbuild bundles it as scripts/build-runtime.mjs bundles Herald's own process.
//
// The bundles are kept under node_modules/.cache, next to the packages they import (left out of the
// bundle, so Node must find them from there), in a folder named by a hash of every file that went
// into them: a run after an edit builds again, a run with nothing changed reuses the last build.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const FIXTURES = "server/test/fixtures";
const CACHE = "node_modules/.cache/herald-test-workers";
/** Hashed with the bundles' inputs: this file holds the build options, tsconfig.json the `@/` alias. */
const BUILD_SETTINGS = ["server/test/worker-bundles.ts", "tsconfig.json"];

interface Manifest {
  /** The hash of every input file, the one the folder of the build is named after. */
  hash: string;
  /** The files that went into the bundles, relative to the repository root. */
  inputs: string[];
}

/**
 * Packages stay in node_modules, imported as written, as in Herald's own bundle. But Node's loader
 * runs the bundles, and it finds a file inside a package without an `exports` map only by its full
 * name: `next/server`, which tsx accepts, must read `next/server.js`. Such an import is written out
 * with the file name esbuild finds for it; a package's JSON file is compiled in.
 */
const externalPackages: Plugin = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./@]/ }, async (args) => {
      if (args.pluginData === "external-packages") return undefined;
      const parts = args.path.split("/");
      const packageName = args.path.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
      const subpath = args.path.slice(packageName.length + 1);
      if (args.path.includes(":") || !subpath || /\.[cm]?js$/.test(subpath)) return { path: args.path, external: true };
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "external-packages" });
      if (resolved.errors.length) return { errors: resolved.errors };
      // A package's JSON data (email-providers/all.json) is compiled in, as in Herald's own bundle
      // (scripts/build-runtime.mjs): Node 20 imports JSON only with an import attribute, which esbuild drops.
      if (subpath.endsWith(".json")) return { path: resolved.path };
      const marker = `/node_modules/${packageName}/`;
      const at = resolved.path.lastIndexOf(marker);
      if (at === -1) return { path: args.path, external: true };
      const packageJson = JSON.parse(readFileSync(resolved.path.slice(0, at + marker.length) + "package.json", "utf8")) as { exports?: unknown };
      return { path: packageJson.exports ? args.path : packageName + "/" + resolved.path.slice(at + marker.length), external: true };
    });
  },
};

/** The worker scripts, as paths relative to the repository root. */
export function workerScripts(root: string): string[] {
  return readdirSync(path.join(root, FIXTURES))
    .filter((name) => name.endsWith("-worker.ts"))
    .sort()
    .map((name) => `${FIXTURES}/${name}`);
}

/** The bundle that runs `worker` (a path to server/test/fixtures/<name>-worker.ts), in the folder `bundles`. */
export function workerBundle(bundles: string, worker: string): string {
  return path.join(bundles, `${path.basename(worker, ".ts")}.mjs`);
}

function hashInputs(root: string, inputs: string[]): string | null {
  const hash = createHash("sha256");
  for (const input of inputs) {
    const file = path.join(root, input);
    // A file the last build read is gone: the code changed, build again.
    if (!existsSync(file)) return null;
    hash.update(`${input}\n`).update(readFileSync(file)).update("\n");
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * Builds the worker bundles, or finds the last build still current, and returns their folder. The
 * set of input files can only change when one of the last build's inputs changes (an import added
 * or removed), so hashing those inputs is enough to know whether the last build is current.
 */
export async function prepareWorkerBundles(root: string): Promise<string> {
  const cache = path.join(root, CACHE);
  const manifestFile = path.join(cache, "manifest.json");
  const entries = workerScripts(root);
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
    const folder = path.join(cache, manifest.hash);
    const current = entries.every((entry) => manifest.inputs.includes(entry)) && hashInputs(root, manifest.inputs) === manifest.hash;
    if (current && entries.every((entry) => existsSync(workerBundle(folder, entry)))) return folder;
  }

  mkdirSync(cache, { recursive: true });
  // Built aside and renamed into place, so that a second run at the same time never reads half a build.
  const staging = path.join(cache, `building-${process.pid}-${Date.now()}`);
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: staging,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    logLevel: "warning",
    metafile: true,
    plugins: [externalPackages],
    banner: { js: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);" },
  });
  const inputs = [...new Set([...Object.keys(result.metafile.inputs), ...BUILD_SETTINGS])].sort();
  const hash = hashInputs(root, inputs)!;
  const folder = path.join(cache, hash);
  if (existsSync(folder)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, folder);
  // Older builds are of no more use; one made in the last hour may still serve a run going on now.
  for (const name of readdirSync(cache)) {
    const other = path.join(cache, name);
    if (name !== hash && name !== "manifest.json" && statSync(other).mtimeMs < Date.now() - 3_600_000) rmSync(other, { recursive: true, force: true });
  }
  writeFileSync(`${manifestFile}.${process.pid}`, JSON.stringify({ hash, inputs } satisfies Manifest));
  renameSync(`${manifestFile}.${process.pid}`, manifestFile);
  return folder;
}
