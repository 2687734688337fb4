// A password mailbox must not make Herald connect into the network it runs in (issue 30): unless the
// installation allows private mail hosts, every spelling of a loopback, unspecified or otherwise
// non-public address as `smtp.host` or `imap.host` is a 400 naming the field — over the API and
// over tRPC (connect and "Test connection") — before either server is contacted, and nothing is saved.
import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { resetEnv } from "@/server/env";
import type { Actor } from "@/server/lib/actor";
import { setMailProvider } from "@/server/providers/mail";
import { callApi } from "@/server/test/call-api";
import { fakeMailProvider } from "@/server/test/fakes/fake-mail-provider";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { createCaller } from "@/server/trpc/root";

// The tRPC context module reaches Auth.js (which needs Next's runtime): the dashboard's session is the test's actor.
const session = vi.hoisted(() => ({ actor: null as Actor | null }));
vi.mock("@/server/auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

/** The spellings the probe connected with, and a few more of the same addresses. */
const PRIVATE_HOSTS = [
  "127.0.0.1",
  "localhost",
  "LocalHost.",
  "mail.localhost",
  "127.1",
  "2130706433",
  "0x7f000001",
  "0177.0.0.1",
  "0.0.0.0",
  "::1",
  "[::1]",
  "::ffff:127.0.0.1",
  "10.0.0.5",
  "169.254.169.254",
  "fd00::1",
  "127.0.0.1:22",
];

function setPrivateMailHosts(allowed: boolean | undefined) {
  if (allowed === undefined) delete process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS;
  else process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = allowed ? "1" : "0";
  resetEnv();
}

afterEach(() => {
  setPrivateMailHosts(undefined);
  setMailProvider("smtp", undefined);
});

const server = (host: string, port: number) => ({ host, port, security: "tls", password: "app-pass-123" });

function body(field: "smtp" | "imap", host: string) {
  return {
    provider: "smtp",
    email: "jane@example.com",
    smtp: server(field === "smtp" ? host : "93.184.216.34", 465),
    imap: server(field === "imap" ? host : "93.184.216.34", 993),
  };
}

async function setUp() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const provider = fakeMailProvider("smtp");
  setMailProvider("smtp", provider);
  return { ...context, key, provider };
}

describe("a password mailbox's servers at private addresses", () => {
  it.each(["smtp", "imap"] as const)("POST /email-accounts answers 400 naming %s.host for every spelling, contacts no server and saves nothing", async (field) => {
    setPrivateMailHosts(false);
    const { key, workspace, provider } = await setUp();
    for (const host of PRIVATE_HOSTS) {
      const response = await callApi("POST", "/email-accounts", { key, body: body(field, host) });
      expect(response.status, host).toBe(400);
      expect(response.body!.error.code, host).toBe("invalid-input");
      // A port typed into the host is a typo, refused as such (it would be refused anyway).
      const reason = host.includes(":22") ? "must be a host name or IP address alone" : "must be a mail server at a public address";
      expect(response.body!.error.message, host).toContain(`Invalid ${field}.host: ${reason}`);
      expect(response.body!.error.details, host).toMatchObject({ field: `${field}.host`, fields: [{ field: `${field}.host` }] });
    }
    expect(provider.verified).toHaveLength(0);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("names both fields when both servers are private", async () => {
    setPrivateMailHosts(false);
    const { key } = await setUp();
    const response = await callApi("POST", "/email-accounts", {
      key,
      body: { provider: "smtp", email: "jane@example.com", smtp: server("127.1", 25), imap: server("::1", 143) },
    });
    expect(response.status).toBe(400);
    expect(response.body!.error.details.fields).toEqual([
      { field: "smtp.host", message: expect.stringContaining("127.0.0.1 is not a public address (loopback)") },
      { field: "imap.host", message: expect.stringContaining("::1 is not a public address (loopback)") },
    ]);
  });

  it("refuses the same hosts over tRPC, for connecting and for the dashboard's Test connection", async () => {
    setPrivateMailHosts(false);
    const { actor, workspace, provider } = await setUp();
    session.actor = actor;
    const caller = createCaller({ userId: actor.userId, clientAddress: "198.51.100.7" });
    for (const host of ["2130706433", "::ffff:127.0.0.1", "localhost"]) {
      for (const field of ["smtp", "imap"] as const) {
        const input = body(field, host) as Parameters<typeof caller.mailboxes.connect>[0];
        await expect(caller.mailboxes.connect(input), host).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(`Invalid ${field}.host`) });
        await expect(caller.mailboxes.testConnection(input), host).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining(`Invalid ${field}.host`) });
      }
    }
    expect(provider.verified).toHaveLength(0);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("connects public hosts as before, and private ones where the installation allows them", async () => {
    setPrivateMailHosts(false);
    const { key, provider } = await setUp();
    const publicOne = await callApi("POST", "/email-accounts", { key, body: body("smtp", "203.0.114.10") });
    expect(publicOne.status).toBe(200);
    setPrivateMailHosts(true);
    const privateOne = await callApi("POST", "/email-accounts", { key, body: { ...body("imap", "127.0.0.1"), email: "joe@example.com" } });
    expect(privateOne.status).toBe(200);
    expect(provider.verified).toHaveLength(2);
  });
});
