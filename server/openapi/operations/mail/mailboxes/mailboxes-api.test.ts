// The mailbox resource over the API: list (newest first, status filter, usage, never credentials),
// get, PATCH (validation names the field), pause and resume (events once, no-ops), and the error
// status a failing mailbox is put in.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { MailProviderError } from "@/server/providers/mail/types";
import { countMailboxUsage } from "@/server/services/mail/mailboxes/count-mailbox-usage";
import { markMailboxError } from "@/server/services/mail/mailboxes/mark-mailbox-error";
import { saveConnectedMailbox } from "@/server/services/mail/mailboxes/save-connected-mailbox";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace, outboxEvents } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

async function keyFor() {
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  return { ...context, key };
}

function passwordMailbox(workspaceId: string, email: string) {
  const server = { host: "mail.example.com", port: 465, security: "tls" as const, username: email };
  return saveConnectedMailbox({
    workspaceId,
    email,
    provider: "smtp",
    authType: "password",
    connectedVia: "dashboard",
    settings: { smtp: server, imap: { ...server, port: 993 } },
    credentials: { kind: "password", smtpPassword: "top-secret-smtp", imapPassword: "top-secret-imap" },
  });
}

let messageNumber = 0;
function email(mailbox: { id: string; workspaceId: string; email: string }, fields: { createdAt: Date; status?: string; source?: string; direction?: string }) {
  messageNumber += 1;
  return db.emailMessage.create({
    data: {
      workspaceId: mailbox.workspaceId,
      mailboxId: mailbox.id,
      direction: fields.direction ?? "outbound",
      source: fields.source ?? "campaign",
      status: fields.status ?? "sent",
      messageId: `<m${messageNumber}@example.com>`,
      threadRootId: `<m${messageNumber}@example.com>`,
      fromAddress: mailbox.email,
      toAddress: `lead${messageNumber}@example.org`,
      subject: "Hello",
      text: "Hi",
      sentAt: fields.status === "sending" ? null : fields.createdAt,
      createdAt: fields.createdAt,
      updatedAt: fields.createdAt,
    },
  });
}

describe("listing and reading mailboxes", () => {
  it("lists newest first with paging and a status filter, never with credentials", async () => {
    const clock = new ManualClock("2026-03-02T10:00:00Z");
    setClock(clock);
    const { key, workspace } = await keyFor();
    const older = await passwordMailbox(workspace.id, "older@example.com");
    clock.advance(60_000);
    const newer = await passwordMailbox(workspace.id, "newer@example.com");
    await markMailboxError(older.id, new MailProviderError("auth-failed", "The server refused the password."));
    const other = await createTestWorkspace();
    await passwordMailbox(other.workspace.id, "elsewhere@example.com");

    const list = await callApi("GET", "/email-accounts", { key });
    expect(list.status).toBe(200);
    expect(list.body!.data.map((mailbox: { id: string }) => mailbox.id)).toEqual([newer.id, older.id]);
    expect(list.body!.paging).toEqual({ limit: 50, offset: 0, total: 2 });
    expect(list.body!.data[1]).toMatchObject({ status: "error", error: "The server refused the password.", paused: false, limits: { daily: 50 } });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain("top-secret");
    expect(text).not.toContain("credentials");

    const errors = await callApi("GET", "/email-accounts", { key, query: { status: "error", limit: 1 } });
    expect(errors.body!.data.map((mailbox: { id: string }) => mailbox.id)).toEqual([older.id]);
    const page = await callApi("GET", "/email-accounts", { key, query: { limit: 1, offset: 1 } });
    expect(page.body!.data.map((mailbox: { id: string }) => mailbox.id)).toEqual([older.id]);
    const badStatus = await callApi("GET", "/email-accounts", { key, query: { status: "broken" } });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body!.error.details.fields[0].field).toBe("status");

    const one = await callApi("GET", `/email-accounts/${newer.id}`, { key });
    expect(one.body!.data).toMatchObject({ id: newer.id, email: "newer@example.com", settings: { smtp: { host: "mail.example.com", username: "newer@example.com" } } });
    expect(JSON.stringify(one.body)).not.toContain("top-secret");
    const foreign = await db.mailbox.findFirstOrThrow({ where: { workspaceId: other.workspace.id } });
    const missing = await callApi("GET", `/email-accounts/${foreign.id}`, { key });
    expect(missing.status).toBe(404);
    expect(missing.body!.error.message).toMatch(/No mailbox/);
  });

  it("counts today's campaign e-mails in the mailbox's timezone, in the list as in one read", async () => {
    // 03:00 UTC on 2 March is still 1 March in New York (UTC-5).
    const clock = new ManualClock("2026-03-02T03:00:00Z");
    setClock(clock);
    const { key, workspace } = await keyFor();
    const mailbox = await passwordMailbox(workspace.id, "usage@example.com");
    await db.mailbox.update({ where: { id: mailbox.id }, data: { timezone: "America/New_York", dailyLimit: 5 } });
    await email(mailbox, { createdAt: new Date("2026-03-01T04:59:00Z") }); // 28 Feb in New York
    await email(mailbox, { createdAt: new Date("2026-03-01T05:00:00Z") });
    await email(mailbox, { createdAt: new Date("2026-03-01T20:00:00Z"), status: "sending" });
    await email(mailbox, { createdAt: new Date("2026-03-02T02:00:00Z"), status: "failed" });
    await email(mailbox, { createdAt: new Date("2026-03-02T02:00:00Z"), source: "manual" });
    await email(mailbox, { createdAt: new Date("2026-03-02T02:00:00Z"), direction: "inbound", status: "received" });
    await email(mailbox, { createdAt: new Date("2026-03-02T02:30:00Z") });

    const usage = await countMailboxUsage({ id: mailbox.id, timezone: "America/New_York", dailyLimit: 5 }, clock.now());
    expect(usage).toEqual({ date: "2026-03-01", sent: 3, remaining: 2 });
    const list = await callApi("GET", "/email-accounts", { key });
    expect(list.body!.data[0].usage).toEqual({ timezone: "America/New_York", date: "2026-03-01", sent: 3, remaining: 2 });
    const one = await callApi("GET", `/email-accounts/${mailbox.id}`, { key });
    expect(one.body!.data.usage).toEqual(list.body!.data[0].usage);
    // The day before, seen from the mailbox's zone.
    expect(await countMailboxUsage({ id: mailbox.id, timezone: "America/New_York", dailyLimit: 5 }, new Date("2026-02-28T12:00:00Z"))).toEqual({
      date: "2026-02-28",
      sent: 1,
      remaining: 4,
    });
  });
});

describe("changing a mailbox", () => {
  it("updates the settings it is given and clears sender name and signature with empty values", async () => {
    const { key, workspace } = await keyFor();
    const mailbox = await passwordMailbox(workspace.id, "patch@example.com");
    const patch = (body: Record<string, unknown>) => callApi("PATCH", `/email-accounts/${mailbox.id}`, { key, body });
    const changed = await patch({ label: "Sales", fromName: "Pat Smith", dailyLimit: 120, signature: "--\nPat", trackOpens: false, trackClicks: false, timezone: "Europe/Paris" });
    expect(changed.status).toBe(200);
    expect(changed.body!.data).toMatchObject({ label: "Sales", fromName: "Pat Smith", limits: { daily: 120 }, signature: "--\nPat", trackOpens: false, trackClicks: false, timezone: "Europe/Paris" });
    const cleared = await patch({ fromName: "", signature: null });
    expect(cleared.body!.data).toMatchObject({ label: "Sales", fromName: null, signature: null, limits: { daily: 120 } });
  });

  it("refuses bad values with a 400 naming each field, changing nothing", async () => {
    const { key, workspace } = await keyFor();
    const mailbox = await passwordMailbox(workspace.id, "bad@example.com");
    const patch = (body: Record<string, unknown>) => callApi("PATCH", `/email-accounts/${mailbox.id}`, { key, body });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ dailyLimit: 0 }, "dailyLimit", /from 1 to 2000/],
      [{ dailyLimit: 2001 }, "dailyLimit", /from 1 to 2000/],
      [{ dailyLimit: 1.5 }, "dailyLimit", /whole number/],
      [{ timezone: "Mars/Olympus" }, "timezone", /IANA zone/],
      [{ label: "" }, "label", /must not be empty/],
      [{ trackOpens: "yes" }, "trackOpens", /true or false/],
      [{ signature: "x".repeat(5001) }, "signature", /at most 5000/],
    ];
    for (const [body, field, message] of cases) {
      const response = await patch(body);
      expect(response.status, field).toBe(400);
      expect(response.body!.error.details.fields, field).toEqual([{ field, message: expect.stringMatching(message) }]);
    }
    const empty = await patch({});
    expect(empty.status).toBe(400);
    const stored = await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } });
    expect(stored).toMatchObject({ dailyLimit: 50, timezone: "UTC", label: "bad@example.com", trackOpens: true });
  });
});

describe("pausing and resuming", () => {
  it("pauses once (account.paused with channel email), resumes once (account.resumed), and both are no-ops otherwise", async () => {
    const { key, workspace } = await keyFor();
    const mailbox = await passwordMailbox(workspace.id, "pause@example.com");
    const call = (action: string) => callApi("POST", `/email-accounts/${mailbox.id}/${action}`, { key });

    const notPaused = await call("resume");
    expect(notPaused.status).toBe(200);
    expect(notPaused.body!.data).toMatchObject({ id: mailbox.id, paused: false, pausedReason: null });
    expect(await outboxEvents(workspace.id, "account.resumed")).toEqual([]);

    const paused = await call("pause");
    expect(paused.body!.data).toMatchObject({ paused: true, pausedReason: "manual" });
    expect(paused.body!.data.pausedAt).toEqual(expect.any(String));
    const again = await call("pause");
    expect(again.body!.data).toMatchObject({ paused: true, pausedAt: paused.body!.data.pausedAt });
    const pausedEvents = await outboxEvents(workspace.id, "account.paused");
    expect(pausedEvents).toHaveLength(1);
    expect(pausedEvents[0]!.data).toMatchObject({ channel: "email", account: { id: mailbox.id, paused: true } });

    const resumed = await call("resume");
    expect(resumed.body!.data).toMatchObject({ paused: false, pausedReason: null, pausedAt: null });
    await call("resume");
    const resumedEvents = await outboxEvents(workspace.id, "account.resumed");
    expect(resumedEvents).toHaveLength(1);
    expect(resumedEvents[0]!.data).toMatchObject({ channel: "email", account: { id: mailbox.id, paused: false } });
  });
});

describe("marking a mailbox in error", () => {
  it("sets status error with the reason and emits account.status_changed once per reason; a removed mailbox is ignored", async () => {
    const { workspace } = await createTestWorkspace();
    const mailbox = await passwordMailbox(workspace.id, "broken@example.com");
    const refused = new MailProviderError("auth-failed", "The server refused the password.", { field: "smtp.password" });
    await Promise.all([markMailboxError(mailbox.id, refused), markMailboxError(mailbox.id, refused)]);
    await markMailboxError(mailbox.id, refused);
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: mailbox.id } })).toMatchObject({ status: "error", error: "The server refused the password." });
    let events = await outboxEvents(workspace.id, "account.status_changed");
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ channel: "email", previousStatus: "connected", account: { id: mailbox.id, status: "error", error: "The server refused the password." } });

    await markMailboxError(mailbox.id, new MailProviderError("oauth-expired", ""));
    events = await outboxEvents(workspace.id, "account.status_changed");
    expect(events).toHaveLength(2);
    expect(events[1]!.data.account.error).toMatch(/expired or was revoked/);

    await db.mailbox.delete({ where: { id: mailbox.id } });
    await expect(markMailboxError(mailbox.id, refused)).resolves.toBeUndefined();
  });
});
