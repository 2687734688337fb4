// Bundles the Herald process entry (server/runtime/main.ts) into .herald/main.mjs. Packages stay in
// node_modules; only Herald's own TypeScript is compiled in.
import { createRequire } from "node:module";
import { build } from "esbuild";

const require = createRequire(import.meta.url);

/**
 * A package's JSON data (email-providers/all.json, the free webmail list) is compiled in: left
 * external, Node 20 refuses to import JSON without an import attribute, which esbuild drops for it.
 */
const bundlePackageJson = {
  name: "bundle-package-json",
  setup(builder) {
    builder.onResolve({ filter: /\.json$/ }, (args) => (args.path.startsWith(".") || args.path.startsWith("/") ? undefined : { path: require.resolve(args.path, { paths: [args.resolveDir] }) }));
  },
};

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
  plugins: [bundlePackageJson],
  banner: { js: "import { createRequire as __heraldCreateRequire } from 'node:module'; const require = __heraldCreateRequire(import.meta.url);" },
});
console.log("Built .herald/main.mjs");
