// Connecting mailboxes over the API: the settings are checked by the provider before anything is
// stored, each kind of failure is a 400 naming the field, credentials never come back, and the
// same address again reconnects instead of duplicating.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setMailProvider } from "@/server/providers/mail";
import { MailProviderError, type MailErrorCode, type MailField } from "@/server/providers/mail/types";
import { ZConnectMailboxInput } from "@/server/schemas/mailbox";
import { mailboxHandle } from "@/server/services/mail/mailboxes/mailbox-handle";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { markMailboxError } from "@/server/services/mail/mailboxes/mark-mailbox-error";
import { testMailboxConnection } from "@/server/services/mail/mailboxes/test-mailbox-connection";
import { callApi } from "@/server/test/call-api";
import { fakeMailProvider } from "@/server/test/fakes/fake-mail-provider";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => {
  setMailProvider("sandbox", undefined);
  setMailProvider("smtp", undefined);
});

async function keyFor() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

function connect(key: string, body: Record<string, unknown>) {
  return callApi("POST", "/email-accounts", { key, body });
}

const smtpBody = (email: string, password = "app-pass-123") => ({
  provider: "smtp",
  email,
  fromName: "Jane Doe",
  smtp: { host: "smtp.example.com", port: 465, security: "tls", password },
  imap: { host: "imap.example.com", port: 993, security: "tls", username: "jane.imap", password: `${password}-imap` },
});

describe("connecting a sandbox mailbox", () => {
  it("stores it connected after the provider's check and emits account.connected with channel email", async () => {
    const provider = fakeMailProvider("sandbox");
    setMailProvider("sandbox", provider);
    const { key, workspace } = await keyFor();
    const response = await connect(key, { provider: "sandbox", email: "  Ada@Example.COM ", label: "Ada's box" });
    expect(response.status).toBe(200);
    expect(response.body!.data).toMatchObject({
      email: "ada@example.com",
      label: "Ada's box",
      provider: "sandbox",
      authType: "sandbox",
      connectedVia: "api",
      status: "connected",
      settings: null,
      limits: { daily: 50 },
      usage: { timezone: "UTC", sent: 0, remaining: 50 },
      counters: { sent: 0, bounced: 0, complained: 0 },
      restoredFrom: null,
    });
    expect(response.body!.data.id).toMatch(/^mbx_/);
    expect(provider.verified).toHaveLength(1);
    expect(provider.verified[0]).toMatchObject({ email: "ada@example.com", provider: "sandbox", credentials: { kind: "sandbox" } });
    const events = await outboxEvents(workspace.id, "account.connected");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ channel: "email", account: { id: response.body!.data.id, email: "ada@example.com" } });
  });

  it("answers 403 while the workspace's email channel is off, before asking the provider", async () => {
    const provider = fakeMailProvider("sandbox");
    setMailProvider("sandbox", provider);
    const { key, workspace } = await keyFor();
    await db.workspace.update({ where: { id: workspace.id }, data: { emailChannelEnabled: false } });
    const response = await connect(key, { provider: "sandbox", email: "ada@example.com" });
    expect(response.status).toBe(403);
    expect(response.body!.error.code).toBe("email-channel-disabled");
    expect(response.body!.error.message).toMatch(/email channel is turned off/);
    expect(provider.verified).toHaveLength(0);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("connecting an SMTP + IMAP mailbox", () => {
  it("checks the servers with the username defaulting to the address; stores the passwords encrypted and never returns them", async () => {
    const provider = fakeMailProvider("smtp");
    setMailProvider("smtp", provider);
    const { key } = await keyFor();
    const response = await connect(key, smtpBody("jane@example.com"));
    expect(response.status).toBe(200);
    expect(provider.verified[0]).toMatchObject({
      settings: {
        smtp: { host: "smtp.example.com", port: 465, security: "tls", username: "jane@example.com" },
        imap: { host: "imap.example.com", port: 993, security: "tls", username: "jane.imap" },
      },
      credentials: { kind: "password", smtpPassword: "app-pass-123", imapPassword: "app-pass-123-imap" },
    });
    expect(response.body!.data).toMatchObject({ provider: "smtp", authType: "password", fromName: "Jane Doe", label: "jane@example.com" });
    expect(response.body!.data.settings.smtp).toEqual({ host: "smtp.example.com", port: 465, security: "tls", username: "jane@example.com" });
    expect(JSON.stringify(response.body)).not.toContain("app-pass-123");
    const stored = await db.mailbox.findUniqueOrThrow({ where: { id: response.body!.data.id } });
    expect(stored.credentialsEncrypted).not.toContain("app-pass-123");
    // What the executor gets back: the secrets decrypted, and renewed ones stored again.
    const handle = mailboxHandle(stored);
    expect(handle.credentials).toEqual({ kind: "password", smtpPassword: "app-pass-123", imapPassword: "app-pass-123-imap" });
    await handle.onCredentialsChanged!({ kind: "password", smtpPassword: "renewed", imapPassword: "renewed-imap" });
    const renewed = await db.mailbox.findUniqueOrThrow({ where: { id: stored.id } });
    expect(mailboxHandle(renewed).credentials).toEqual({ kind: "password", smtpPassword: "renewed", imapPassword: "renewed-imap" });
  });

  const failures: Array<[MailErrorCode, MailField, string]> = [
    ["host-unreachable", "smtp.host", "mail-host-unreachable"],
    ["tls-failed", "imap.port", "mail-tls-failed"],
    ["auth-failed", "smtp.password", "mail-auth-failed"],
    ["timeout", "imap.host", "mail-timeout"],
    ["sending-refused", "email", "mail-sending-refused"],
    ["mail-failed", "smtp.port", "mail-connection-failed"],
  ];
  for (const [kind, field, code] of failures) {
    it(`answers a provider's ${kind} with 400 ${code} naming ${field}, and stores nothing`, async () => {
      const message = `The server said no (${kind}).`;
      setMailProvider("smtp", fakeMailProvider("smtp", { verify: () => Promise.reject(new MailProviderError(kind, message, { field, serverResponse: "535 5.7.8 nope" })) }));
      const { key, workspace } = await keyFor();
      const response = await connect(key, smtpBody("jane@example.com"));
      expect(response.status).toBe(400);
      expect(response.body!.error).toMatchObject({ code, message, details: { field, fields: [{ field, message }], serverResponse: "535 5.7.8 nope" } });
      expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
      expect(await outboxEvents(workspace.id)).toEqual([]);
    });
  }

  it("answers an unclassified failure of the check with 400 mail-connection-failed, not a 500", async () => {
    setMailProvider("smtp", fakeMailProvider("smtp", { verify: () => Promise.reject(new TypeError("socket exploded")) }));
    const { key } = await keyFor();
    const response = await connect(key, smtpBody("jane@example.com"));
    expect(response.status).toBe(400);
    expect(response.body!.error.code).toBe("mail-connection-failed");
    expect(response.body!.error.message).not.toContain("socket exploded");
  });

  it("names the missing or wrong field when the body is incomplete", async () => {
    setMailProvider("smtp", fakeMailProvider("smtp"));
    const { key } = await keyFor();
    const body = smtpBody("jane@example.com");
    const withoutImap = await connect(key, { ...body, imap: undefined });
    expect(withoutImap.status).toBe(400);
    expect(withoutImap.body!.error.details.fields).toEqual([{ field: "imap", message: "is required for provider smtp" }]);
    const badPort = await connect(key, { ...body, smtp: { ...body.smtp, port: 70000 } });
    expect(badPort.body!.error.details.fields).toEqual([{ field: "smtp.port", message: "must be a port number from 1 to 65535" }]);
    const google = await connect(key, { provider: "google", email: "jane@example.com" });
    expect(google.body!.error.details.fields[0].field).toBe("provider");
    const notAnAddress = await connect(key, { provider: "sandbox", email: "jane" });
    expect(notAnAddress.body!.error.details.fields).toEqual([{ field: "email", message: "must be an e-mail address" }]);
  });

  it("reconnects the same address in place: new password, error cleared, account.status_changed once", async () => {
    setMailProvider("smtp", fakeMailProvider("smtp"));
    const { key, workspace } = await keyFor();
    const first = await connect(key, { ...smtpBody("jane@example.com"), label: "Jane" });
    await markMailboxError(first.body!.data.id, new MailProviderError("auth-failed", "The server refused the password.", { field: "smtp.password" }));
    const again = await connect(key, smtpBody("JANE@example.com", "new-pass-456"));
    expect(again.status).toBe(200);
    expect(again.body!.data).toMatchObject({ id: first.body!.data.id, status: "connected", error: null, label: "Jane" });
    const stored = await db.mailbox.findUniqueOrThrow({ where: { id: first.body!.data.id } });
    expect(mailboxHandle(stored).credentials).toMatchObject({ smtpPassword: "new-pass-456" });
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect((await outboxEvents(workspace.id, "account.connected")).length).toBe(1);
    const changes = await outboxEvents(workspace.id, "account.status_changed");
    expect(changes.map((event) => [event.data.previousStatus, event.data.account.status])).toEqual([
      ["connected", "error"],
      ["error", "connected"],
    ]);
  });
});

describe("testing a connection", () => {
  it("runs the same check and stores nothing; a failure is the same 400", async () => {
    const provider = fakeMailProvider("smtp");
    setMailProvider("smtp", provider);
    const { actor, workspace } = await createTestWorkspace();
    const input = ZConnectMailboxInput.parse(smtpBody("jane@example.com"));
    expect(await testMailboxConnection(actor, input)).toEqual({ ok: true });
    expect(provider.verified).toHaveLength(1);
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(0);
    setMailProvider("smtp", fakeMailProvider("smtp", { verify: () => Promise.reject(new MailProviderError("auth-failed", "Wrong password.", { field: "imap.password" })) }));
    await expect(testMailboxConnection(actor, input)).rejects.toMatchObject({ code: "mail-auth-failed", details: { field: "imap.password" } });
  });
});

describe("saving a connected mailbox", () => {
  it("stores one mailbox when the same address is connected twice at once", async () => {
    const { workspace } = await createTestWorkspace();
    const save = () =>
      saveConnectedMailbox({ workspaceId: workspace.id, email: "Twice@Example.com", provider: "sandbox", authType: "sandbox", connectedVia: "hosted-link", settings: null, credentials: { kind: "sandbox" } });
    const [first, second] = await Promise.all([save(), save()]);
    expect(first.id).toBe(second.id);
    expect(first.email).toBe("twice@example.com");
    expect(await db.mailbox.count({ where: { workspaceId: workspace.id } })).toBe(1);
    expect(await outboxEvents(workspace.id, "account.connected")).toHaveLength(1);
  });
});
