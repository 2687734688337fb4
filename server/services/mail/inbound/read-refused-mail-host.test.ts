// A mailbox stored at a private address before the public-address rule (issue 30: one at 127.0.0.1
// was saved as connected and then polled every minute) is no longer contacted: its reading run is
// refused before any connection and puts the mailbox in error, so it is not polled again until it
// is reconnected with a public host.
import { createServer, type Server, type Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../../db/client";
import { resetEnv } from "../../../env";
import { setMailProvider } from "../../../providers/mail";
import { createSmtpImapProvider } from "../../../providers/mail/smtp/smtp-imap-provider";
import { createTestWorkspace, outboxEvents } from "../../../test/factories";
import { saveConnectedMailbox } from "../mailboxes/save-connected-mailbox";
import { readMailbox } from "./read-mailbox";

let listener: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  // What listens at the private address: it only counts, and hangs up at once.
  listener = createServer((socket: Socket) => {
    connections += 1;
    socket.destroy();
  });
  await new Promise<void>((listening) => listener.listen(0, "127.0.0.1", listening));
  port = (listener.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((closed) => listener.close(closed));
});

afterEach(() => {
  delete process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS;
  resetEnv();
  setMailProvider("smtp", undefined);
});

describe("reading a mailbox whose server is at a private address", () => {
  it("refuses before connecting and puts the mailbox in error, naming why", async () => {
    process.env.HERALD_ALLOW_PRIVATE_MAIL_HOSTS = "0";
    resetEnv();
    setMailProvider("smtp", createSmtpImapProvider({ timeoutMs: 2_000 }));
    const { workspace } = await createTestWorkspace();
    const server = (host: string) => ({ host, port, security: "none" as const, username: "ann@example.com" });
    const saved = await saveConnectedMailbox({
      workspaceId: workspace.id,
      email: "ann@example.com",
      provider: "smtp",
      authType: "password",
      connectedVia: "api",
      settings: { smtp: server("127.0.0.1"), imap: server("0x7f000001") },
      credentials: { kind: "password", smtpPassword: "secret", imapPassword: "secret" },
    });

    await readMailbox(saved.id);

    const row = await db.mailbox.findUniqueOrThrow({ where: { id: saved.id } });
    expect(row.status).toBe("error");
    expect(row.error).toContain("Herald does not connect to the IMAP server 0x7f000001: 127.0.0.1 is not a public address (loopback)");
    expect(connections).toBe(0);
    expect(await outboxEvents(workspace.id, "account.status_changed")).toHaveLength(1);
    // In error, the mailbox is not read again.
    await readMailbox(saved.id);
    expect(connections).toBe(0);
  });
});
