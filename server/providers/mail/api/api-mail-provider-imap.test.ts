// An e-mail API mailbox given an IMAP server reads its replies there, with Herald's IMAP reading
// (Dovecot, server/test/mail-servers.ts), and checks that sign-in when connected; without one it
// reads nothing (its replies come by the provider's inbound webhook).
import { afterAll, beforeAll, expect, it } from "vitest";
import { startDovecot, type DovecotServer } from "@/server/test/mail-servers";
import type { MailboxHandle } from "../types";
import { createApiMailProvider } from "./api-mail-provider";
import { setApiMailTransport } from "./transports";
import type { ApiMailTransport } from "./types";

let dovecot: DovecotServer;
const EMAIL = "rep@api-imap.test";

beforeAll(async () => {
  dovecot = await startDovecot();
  await dovecot.addUser(EMAIL, "imap-secret");
  // The transport's own check is not what this file is about: it accepts any key.
  const accepting: ApiMailTransport = { name: "postmark", verify: async () => {}, send: async () => ({ providerMessageId: null, acceptedAt: new Date().toISOString(), response: null }), findSent: async () => null, readWebhook: async () => ({ kind: "events", events: [] }) };
  setApiMailTransport("postmark", accepting);
}, 60_000);

afterAll(async () => {
  setApiMailTransport("postmark", undefined);
  await dovecot?.close();
});

function handle(password: string | null): MailboxHandle {
  return {
    id: "mbx_api_imap",
    workspaceId: "wsp_api_imap",
    email: EMAIL,
    provider: "postmark",
    settings: null,
    credentials: {
      kind: "api",
      provider: "postmark",
      apiKey: "token",
      webhookSecret: "a-long-webhook-password",
      ...(password !== null ? { imap: { host: "127.0.0.1", port: dovecot.imapPort, security: "none" as const, username: EMAIL, password } } : {}),
    },
  };
}

it("reads replies over IMAP when given, checks the IMAP sign-in on connect, and reads nothing without it", async () => {
  const provider = createApiMailProvider("postmark");
  await expect(provider.verify(handle("wrong"))).rejects.toMatchObject({ code: "auth-failed", field: "imap.password" });
  await expect(provider.verify(handle("imap-secret"))).resolves.toBeUndefined();

  await dovecot.deliver(EMAIL, `From: Ann <ann@prospect.test>\r\nTo: ${EMAIL}\r\nSubject: Re: Hello\r\nMessage-ID: <r1@prospect.test>\r\nIn-Reply-To: <m1@api-imap.test>\r\nDate: ${new Date().toUTCString()}\r\n\r\nSounds good.\r\n`);
  const read = await provider.fetchIncoming(handle("imap-secret"), { cursor: null, since: new Date(Date.now() - 60_000) });
  expect(read.messages).toMatchObject([{ messageId: "<r1@prospect.test>", inReplyTo: "<m1@api-imap.test>", text: expect.stringContaining("Sounds good") }]);
  expect(read.cursor).not.toBeNull();

  expect(await provider.fetchIncoming(handle(null), { cursor: "kept", since: new Date(0) })).toEqual({ messages: [], cursor: "kept" });
});
