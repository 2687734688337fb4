// The test DNS server (BIND on loopback, server/test/dns-server.ts) for a whole test file: started
// before its tests with the zones given, named as Herald's resolver (HERALD_DNS_SERVERS) while they
// run, and stopped after them. VERIFICATION_TEST_ZONES are the zones address verification's tests
// share: a domain with MX, one with only an A record, one without either, and one with a null MX.
import { afterAll, beforeAll } from "vitest";
import { db } from "../db/client";
import { resetEnv } from "../env";
import { createTestWorkspace } from "./factories";
import { startTestDnsServer, type TestDnsServer, type TestZones } from "./dns-server";

export const VERIFICATION_TEST_ZONES: TestZones = {
  "mx-corp.test": [
    { name: "@", type: "MX", value: "mx.mx-corp.test" },
    { name: "mx", type: "A", value: "192.0.2.10" },
  ],
  "a-only.test": [{ name: "@", type: "A", value: "192.0.2.20" }],
  "no-mail.test": [{ name: "@", type: "TXT", value: "v=spf1 -all" }],
  "null-mx.test": [
    { name: "@", type: "MX", value: ".", priority: 0 },
    { name: "@", type: "A", value: "192.0.2.30" },
  ],
};

/** The server, once started: read it inside tests (`dns().server`), not at the file's top level. */
export function useTestDnsServer(zones: TestZones = VERIFICATION_TEST_ZONES): () => TestDnsServer {
  let server: TestDnsServer | undefined;
  let previous: string | undefined;
  beforeAll(async () => {
    server = await startTestDnsServer(zones);
    previous = process.env.HERALD_DNS_SERVERS;
    process.env.HERALD_DNS_SERVERS = server.server;
    resetEnv();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.HERALD_DNS_SERVERS;
    else process.env.HERALD_DNS_SERVERS = previous;
    resetEnv();
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("The test DNS server is started in beforeAll: read it inside a test");
    return server;
  };
}

/**
 * A test workspace whose addresses are verified against the real DNS (here the test server): it has
 * a mailbox that is not the sandbox's, so its mail, and so its verification, leaves the sandbox
 * (services/verification/verification-resolver.ts).
 */
export async function createRealDnsWorkspace(options: Parameters<typeof createTestWorkspace>[0] = {}) {
  const context = await createTestWorkspace(options);
  const at = new Date();
  await db.mailbox.create({
    data: { workspaceId: context.workspace.id, label: "Real mailbox", email: `ops-${context.workspace.id}@mx-corp.test`, provider: "smtp", authType: "password", connectedVia: "api", createdAt: at, updatedAt: at },
  });
  return context;
}
