// The deployment's own reverse proxy for tests: Debian's Caddy (package caddy) run from
// scripts/compose/Caddyfile, changed only where a test machine differs from the compose
// deployment: free loopback ports, certificates from Caddy's own local authority instead of a
// public one (the on-demand rule and its question to Herald stay as written), a temporary storage
// folder, no admin endpoint, and Herald's test process in place of compose's `herald` replicas.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connect } from "node:tls";
import { freePort } from "./mail-servers";
import { stopServerProcess } from "./stop-server-process";

export const CADDY_BINARY = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const COMPOSE_CADDYFILE = path.join(import.meta.dirname, "../../scripts/compose/Caddyfile");

export interface CaddyProxy {
  httpsPort: number;
  /** The local authority's root certificate (PEM), which the test's client trusts. */
  rootCertificate(): Promise<string>;
  close(): Promise<void>;
}

/** The compose Caddyfile with the test machine's differences; throws when the file no longer has the parts replaced. */
export function testCaddyfile(source: string, input: { heraldUrl: string; httpPort: number; httpsPort: number; storage: string }): string {
  const upstream = new URL(input.heraldUrl).host;
  const replaced = source
    .replace("http://herald:3000", input.heraldUrl)
    .replace(/\{\n(\s*)on_demand_tls/, `{\n$1admin off\n$1local_certs\n$1skip_install_trust\n$1http_port ${input.httpPort}\n$1https_port ${input.httpsPort}\n$1storage file_system ${input.storage}\n$1on_demand_tls`)
    .replace(/reverse_proxy \{[\s\S]*?\n\t\}/, `reverse_proxy ${upstream}`);
  for (const expected of [input.heraldUrl, "local_certs", `reverse_proxy ${upstream}`]) {
    if (!replaced.includes(expected)) throw new Error(`scripts/compose/Caddyfile changed shape: the test could not put in ${expected}`);
  }
  return replaced;
}

async function listening(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      // No name: Caddy refuses the handshake (no certificate), but it answered, so it listens.
      const socket = connect({ host: "127.0.0.1", port, rejectUnauthorized: false });
      socket.once("secureConnect", () => resolve(true));
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code !== "ECONNREFUSED"));
      socket.setTimeout(1_000, () => resolve(false));
    }).catch(() => false);
    if (up) return;
    if (Date.now() > deadline) throw new Error(`Caddy did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startCaddyProxy(heraldUrl: string): Promise<CaddyProxy> {
  if (!existsSync(CADDY_BINARY)) throw new Error(`The HTTPS proxy test needs Caddy at ${CADDY_BINARY}: scripts/ensure-test-services.sh installs Debian's caddy package (or set CADDY_PATH).`);
  const folder = await mkdtemp(path.join(tmpdir(), "herald-caddy-"));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const config = path.join(folder, "Caddyfile");
  await writeFile(config, testCaddyfile(await readFile(COMPOSE_CADDYFILE, "utf8"), { heraldUrl, httpPort, httpsPort, storage: path.join(folder, "data") }));
  const output: string[] = [];
  const running: ChildProcess = spawn(CADDY_BINARY, ["run", "--config", config, "--adapter", "caddyfile"], {
    env: { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  running.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  try {
    await Promise.race([
      listening(httpsPort),
      new Promise((_resolve, reject) => running.once("exit", (code) => reject(new Error(`Caddy exited (${code}): ${output.join("").slice(-2000)}`)))),
    ]);
  } catch (error) {
    await stopServerProcess(running, folder);
    throw error;
  }
  return {
    httpsPort,
    rootCertificate: () => readFile(path.join(folder, "data/pki/authorities/local/root.crt"), "utf8"),
    close: () => stopServerProcess(running, folder),
  };
}
