// A real DNS server for tests: Debian's BIND 9 (`named`, package bind9) serving test zones
// authoritatively on a free loopback port, from zone files under a temporary folder. Herald's DNS
// code asks it exactly as it would ask a resolver on the internet: Node's Resolver pointed at
// `servers` (HERALD_DNS_SERVERS), with real NXDOMAIN / NODATA answers and TXT strings split at 255.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { Resolver } from "node:dns/promises";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { freePort } from "./mail-servers";
import { stopServerProcess } from "./stop-server-process";

export const NAMED_BINARY = process.env.NAMED_PATH ?? "/usr/sbin/named";

/** One record of a test zone. `name` is relative to the zone ("@" for the apex, "_dmarc", "s1._domainkey"). */
export type TestDnsRecord =
  | { name: string; type: "TXT"; value: string }
  | { name: string; type: "MX"; value: string; priority?: number }
  | { name: string; type: "A"; value: string }
  | { name: string; type: "AAAA"; value: string }
  | { name: string; type: "CNAME"; value: string };

export type TestZones = Record<string, TestDnsRecord[]>;

export interface TestDnsServer {
  host: "127.0.0.1";
  port: number;
  /** For HERALD_DNS_SERVERS and Resolver#setServers: "127.0.0.1:<port>". */
  server: string;
  /** Replaces (or adds) a zone's records and waits until the server answers from them. */
  setZone(zone: string, records: TestDnsRecord[]): Promise<void>;
  close(): Promise<void>;
}

/** A TXT value as zone-file strings: quoted, escaped, split into 255-byte pieces (as DKIM keys need). */
function txtStrings(value: string): string {
  const pieces: string[] = [];
  for (let start = 0; start < value.length || start === 0; start += 255) pieces.push(value.slice(start, start + 255));
  return pieces.map((piece) => `"${piece.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(" ");
}

function zoneFile(zone: string, records: TestDnsRecord[], serial: number): string {
  const lines = [`$TTL 1`, `@ IN SOA ns.${zone}. admin.${zone}. ${serial} 60 60 60 1`, `@ IN NS ns.${zone}.`];
  if (!records.some((record) => record.name === "ns" && record.type === "A")) lines.push("ns IN A 127.0.0.1");
  for (const record of records) {
    switch (record.type) {
      case "TXT":
        lines.push(`${record.name} IN TXT ${txtStrings(record.value)}`);
        break;
      case "MX":
        lines.push(`${record.name} IN MX ${record.priority ?? 10} ${record.value.endsWith(".") ? record.value : `${record.value}.`}`);
        break;
      case "CNAME":
        lines.push(`${record.name} IN CNAME ${record.value.endsWith(".") ? record.value : `${record.value}.`}`);
        break;
      default:
        lines.push(`${record.name} IN ${record.type} ${record.value}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

function namedConfig(folder: string, port: number, zones: string[]): string {
  const zoneBlocks = zones.map((zone) => `zone "${zone}" { type master; file "${folder}/${zone}.zone"; };`).join("\n");
  return `options {
  directory "${folder}";
  pid-file "${folder}/named.pid";
  listen-on port ${port} { 127.0.0.1; };
  listen-on-v6 { none; };
  recursion no;
  dnssec-validation no;
  notify no;
};
${zoneBlocks}
`;
}

/** Starts BIND 9 (scripts/ensure-test-services.sh installs Debian's bind9) serving `zones` on a free loopback port. */
export async function startTestDnsServer(initial: TestZones = {}): Promise<TestDnsServer> {
  if (!existsSync(NAMED_BINARY)) {
    throw new Error(`The DNS tests need BIND's named at ${NAMED_BINARY}: run scripts/ensure-test-services.sh (installs Debian's bind9) or set NAMED_PATH.`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), "herald-named-"));
  await chmod(folder, 0o777);
  const zones = new Map<string, TestDnsRecord[]>(Object.entries(initial));
  let serial = 1;
  const writeZones = async () => {
    serial += 1;
    for (const [zone, records] of zones) await writeFile(path.join(folder, `${zone}.zone`), zoneFile(zone, records, serial));
  };
  let child: ChildProcess | null = null;
  let port = 0;
  let output = "";
  const configPath = path.join(folder, "named.conf");
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    await writeZones();
    await writeFile(configPath, namedConfig(folder, port, [...zones.keys()]));
    const user = userInfo().uid === 0 ? ["-u", "root"] : [];
    const started = spawn(NAMED_BINARY, ["-g", "-c", configPath, ...user], { stdio: ["ignore", "pipe", "pipe"] });
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    started.once("exit", () => (exited = true));
    const deadline = Date.now() + 15_000;
    while (!exited && Date.now() < deadline && !/ running\s*$/m.test(output)) await new Promise((resolve) => setTimeout(resolve, 25));
    if (!exited && / running\s*$/m.test(output)) child = started;
    else {
      started.kill("SIGKILL");
      if (!/address in use/i.test(output) || attempt === 2) {
        await rm(folder, { recursive: true, force: true });
        throw new Error(`named did not start on 127.0.0.1:${port}. Its output:\n${output}`);
      }
      output = "";
    }
  }
  const running = child!;
  const resolver = new Resolver({ timeout: 1000, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);

  return {
    host: "127.0.0.1",
    port,
    server: `127.0.0.1:${port}`,
    async setZone(zone, records) {
      const isNew = !zones.has(zone);
      zones.set(zone, records);
      await writeZones();
      if (isNew) await writeFile(configPath, namedConfig(folder, port, [...zones.keys()]));
      // SIGHUP: named re-reads its configuration and every zone whose file changed.
      running.kill("SIGHUP");
      const deadline = Date.now() + 10_000;
      for (;;) {
        const soa = await resolver.resolveSoa(zone).catch(() => null);
        if (soa?.serial === serial) return;
        if (Date.now() > deadline) throw new Error(`named did not load zone ${zone} (serial ${serial}). Its output:\n${output}${await readFile(path.join(folder, "named.run"), "utf8").catch(() => "")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    async close() {
      await stopServerProcess(running, folder);
    },
  };
}
