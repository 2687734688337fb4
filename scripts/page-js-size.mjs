// node scripts/page-js-size.mjs "(dashboard)/inbox" [...]: the JavaScript a browser loads on the first
// visit to a page of the last `npm run build` (the framework's main files and the page's entry
// chunks; not the polyfills, which modern browsers skip), raw and gzipped. Next 16 no longer prints it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const next = ".next";
for (const route of process.argv.slice(2)) {
  const dir = join(next, "server", "app", route);
  const build = JSON.parse(readFileSync(join(dir, "page", "build-manifest.json"), "utf8"));
  globalThis.self = {};
  globalThis.__RSC_MANIFEST = {};
  // The manifest is a script assigning to globalThis.__RSC_MANIFEST.
  new Function(readFileSync(join(dir, "page_client-reference-manifest.js"), "utf8"))();
  const entry = globalThis.__RSC_MANIFEST[`/${route}/page`].entryJSFiles[`[project]/app/${route}/page`];
  const files = [...new Set([...build.rootMainFiles, ...entry])];
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(next, file));
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  console.log(`/${route}: ${files.length} files, ${(raw / 1024).toFixed(1)} kB raw, ${(gzip / 1024).toFixed(1)} kB gzipped`);
}
