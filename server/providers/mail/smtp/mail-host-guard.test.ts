// A password mailbox's SMTP and IMAP hosts follow the webhooks' public-address rule at every
// connection (issue 30): a name that resolves to a private address when Herald connects (DNS
// rebinding: it was public when the mailbox was checked) is refused before any socket reaches it,
// and whatever answers on a port that is not a mail server (an SSH daemon) is never read back.
import type { LookupAddress, LookupAllOptions } from "node:dns";
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "../../../env";
import { MailProviderError, type MailboxHandle } from "../types";
import { refusedMailHostReason } from "./mail-host-guard";
import { createSmtpImapProvider } from "./smtp-imap-provider";

const SSH_BANNER = "SSH-2.0-OpenSSH_9.6";

/** A loopback service that is no mail server: it greets with an SSH banner, as the probe found. */
let banner: Server;
let bannerPort: number;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  banner = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    socket.write(`${SSH_BANNER}\r\n`);
    socket.on("data", () => socket.write("Protocol mismatch.\r\n"));
  });
  await new Promise<void>((listening) => banner.listen(0, "127.0.0.1", listening));
  bannerPort = (banner.address() as { port: number }).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((closed) => banner.close(closed));
});

afterEach(() => {
  setPrivateMailHosts(undefined);
  connections = 0;
});

function setPrivateMailHosts(allowed: boolean | undefined) {
  if (allowed === undefined) delete process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS;
  else process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = allowed ? "1" : "0";
  resetEnv();
}

function mailbox(host: string): MailboxHandle {
  return {
    id: `mbx_guard_${host.replace(/\W/g, "")}`,
    workspaceId: "wsp_guard",
    email: "ann@herald.test",
    provider: "smtp",
    settings: {
      smtp: { host, port: bannerPort, security: "none", username: "ann@herald.test" },
      imap: { host, port: bannerPort, security: "none", username: "ann@herald.test" },
    },
    credentials: { kind: "password", smtpPassword: "secret", imapPassword: "secret" },
  };
}

/** A DNS answering every name with `addresses`, recording the names it was asked. */
function resolverAnswering(addresses: LookupAddress[]) {
  const asked: string[] = [];
  const resolve = (hostname: string, _options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, answer: LookupAddress[]) => void) => {
    asked.push(hostname);
    callback(null, addresses);
  };
  return { resolve, asked };
}

async function failure(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
}

const email = { from: { name: "Ann", address: "ann@herald.test" }, to: { name: "Bob", address: "bob@example.test" }, subject: "Hi", text: "Hi", html: null, inReplyTo: null, references: [], headers: {} };

describe("refusedMailHostReason", () => {
  it.each([
    ["127.0.0.1", "127.0.0.1 is not a public address (loopback)"],
    ["localhost", "localhost is this machine (loopback)"],
    ["127.1", "127.0.0.1 is not a public address (loopback)"],
    ["2130706433", "127.0.0.1 is not a public address (loopback)"],
    ["0x7f000001", "127.0.0.1 is not a public address (loopback)"],
    ["0.0.0.0", "0.0.0.0 is not a public address (unspecified)"],
    ["::1", "::1 is not a public address (loopback)"],
    ["[::1]", "::1 is not a public address (loopback)"],
    ["::ffff:127.0.0.1", "::ffff:7f00:1 is not a public address (IPv4-mapped form of the loopback address 127.0.0.1)"],
    ["192.168.1.10", "192.168.1.10 is not a public address (private)"],
    ["127.0.0.1:22", "127.0.0.1:22 is not a host name or IP address"],
    ["smtp.example.com@127.0.0.1", "smtp.example.com@127.0.0.1 is not a host name or IP address"],
  ])("refuses %s without asking DNS", (host, reason) => {
    expect(refusedMailHostReason(host)).toBe(reason);
  });

  it.each(["smtp.gmail.com", "93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "MAIL.Example.COM."])("leaves %s to its DNS answer (a public literal, or a name)", (host) => {
    expect(refusedMailHostReason(host)).toBeNull();
  });
});

describe("connecting to a mailbox's servers", () => {
  it("refuses a name that resolves to a private address when Herald connects, for sending, checking and reading, before any connection", async () => {
    setPrivateMailHosts(false);
    const dns = resolverAnswering([{ address: "127.0.0.1", family: 4 }]);
    const provider = createSmtpImapProvider({ timeoutMs: 2_000, resolve: dns.resolve });
    const handle = mailbox("mail.rebind.test");
    const attempts = [
      ["smtp", () => provider.send(handle, { ...email, messageId: "<guard.1@herald.test>" })],
      ["smtp", () => provider.verify(handle)],
      ["imap", () => provider.fetchIncoming(handle, { cursor: null, since: new Date(0) })],
      ["imap", () => provider.waitForIncoming!(handle, { timeoutMs: 1_000 })],
    ] as const;
    for (const [protocol, attempt] of attempts) {
      const error = await failure(attempt());
      expect(error).toMatchObject({ code: "host-unreachable", field: `${protocol}.host`, retryable: false, serverResponse: null });
      expect(error.message).toContain("mail.rebind.test resolves to 127.0.0.1, which is not a public address (loopback)");
      expect(error.message).toContain("HERALD_ALLOW_PRIVATE_MAIL_HOSTS");
    }
    expect(dns.asked.length).toBeGreaterThanOrEqual(4);
    expect(new Set(dns.asked)).toEqual(new Set(["mail.rebind.test"]));
    expect(connections).toBe(0);
  });

  it("refuses a name when any of its addresses is private: the socket could try each", async () => {
    setPrivateMailHosts(false);
    const dns = resolverAnswering([
      { address: "93.184.216.34", family: 4 },
      { address: "::ffff:10.0.0.1", family: 6 },
    ]);
    const provider = createSmtpImapProvider({ timeoutMs: 2_000, resolve: dns.resolve });
    const error = await failure(provider.send(mailbox("mixed.rebind.test"), { ...email, messageId: "<guard.2@herald.test>" }));
    expect(error).toMatchObject({ field: "smtp.host", message: expect.stringContaining("resolves to ::ffff:10.0.0.1") });
    expect(connections).toBe(0);
  });

  it("refuses private literals at connect time too (a mailbox stored before the rule, then polled)", async () => {
    setPrivateMailHosts(false);
    const provider = createSmtpImapProvider({ timeoutMs: 2_000 });
    for (const host of ["127.0.0.1", "2130706433", "::ffff:127.0.0.1"]) {
      const error = await failure(provider.fetchIncoming(mailbox(host), { cursor: null, since: new Date(0) }));
      expect(error).toMatchObject({ code: "host-unreachable", field: "imap.host" });
      expect(error.message).toContain("is not a public address (");
    }
    expect(connections).toBe(0);
  });

  it("never reads back what a service that is no mail server said, even where private hosts are allowed", async () => {
    setPrivateMailHosts(true);
    const provider = createSmtpImapProvider({ timeoutMs: 500 });
    const handle = mailbox("127.0.0.1");
    const errors = [
      await failure(provider.verify(handle)),
      await failure(provider.send(handle, { ...email, messageId: "<guard.3@herald.test>" })),
      await failure(provider.fetchIncoming(handle, { cursor: null, since: new Date(0) })),
    ];
    expect(connections).toBeGreaterThanOrEqual(3);
    for (const error of errors) {
      expect(error.field).toMatch(/^(smtp|imap)\.host$/);
      expect(error.message).toContain(`127.0.0.1:${bannerPort}`);
      for (const said of ["SSH", "OpenSSH", "Protocol mismatch"]) {
        expect(error.message).not.toContain(said);
        expect(error.serverResponse ?? "").not.toContain(said);
      }
    }
  });
});
