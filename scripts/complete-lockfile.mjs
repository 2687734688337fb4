#!/usr/bin/env node
// Completes package-lock.json with the optional platform packages (other
// operating systems and CPUs) that the registry this lockfile was written
// against does not carry at the exact version. `npm ci` refuses a lockfile
// that misses an optional dependency, even one it would skip on this
// machine; with an entry naming its os/cpu/libc it skips it without a fetch,
// and on a machine of that platform it fetches it like any other package.
//
// Run after `npm install` changes the lockfile: node scripts/complete-lockfile.mjs
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  // The latest manifest: a package's platform does not change between versions.
  const out = execFileSync("npm", ["view", name, "--json"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  const manifest = out.trim() ? JSON.parse(out) : {};
  return { os: manifest.os, cpu: manifest.cpu, libc: manifest.libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === "" ? "" : `${path}/`;
    const key = `${base}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[key] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform package: leave it to npm
    packages[hoisted] = {
      version,
      ...(cpu ? { cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc } : {}),
      optional: true,
      ...(os ? { os } : {}),
    };
    added += 1;
    console.log(`added ${name}@${version} (${[os, cpu, libc].flat().filter(Boolean).join(" ")})`);
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`${added} platform package entries added`);
