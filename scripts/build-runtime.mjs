// Bundles the Herald process entry (server/runtime/main.ts) into .herald/main.mjs. Packages stay in
// node_modules; only Herald's own TypeScript is compiled in.
import { build } from "esbuild";

await build({
  entryPoints: ["server/runtime/main.ts"],
  outfile: ".herald/main.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  banner: { js: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);" },
});
console.log("Built .herald/main.mjs");
