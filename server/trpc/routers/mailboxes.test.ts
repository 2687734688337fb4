// The dashboard's mailbox procedures: the same services as the API, with `connectedVia: dashboard`,
// the connection test, and a failed check that tells the form which field to mark.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../lib/actor";
import { setMailProvider } from "../../providers/mail";
import { MailProviderError } from "../../providers/mail/types";
import { fakeMailProvider } from "../../test/fakes/fake-mail-provider";
import { createTestWorkspace, outboxEvents } from "../../test/factories";
import { createCallerFactory } from "../init";
import { appRouter } from "../root";

// The session cookie is Next's; the signed-in actor stands in for it.
const session: { actor: Actor | null } = { actor: null };
vi.mock("../../auth/dashboard-session", () => ({ getSessionUserId: async () => session.actor?.userId ?? null, getSessionActor: async () => session.actor }));

afterEach(() => setMailProvider("smtp", undefined));

const server = (host: string) => ({ host, port: 587, security: "starttls" as const, password: "app-password" });

describe("the mailboxes router", () => {
  it("tests, connects, changes, pauses, reads performance and removes a mailbox for the signed-in workspace", async () => {
    const provider = fakeMailProvider("smtp");
    setMailProvider("smtp", provider);
    const { userId, workspace, actor } = await createTestWorkspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const input = { provider: "smtp" as const, email: "desk@example.com", smtp: server("smtp.example.com"), imap: server("imap.example.com") };

    expect(await caller.mailboxes.testConnection(input)).toEqual({ ok: true });
    expect((await caller.mailboxes.list({})).total).toBe(0);
    const mailbox = await caller.mailboxes.connect(input);
    expect(mailbox).toMatchObject({ connectedVia: "dashboard", provider: "smtp", status: "connected" });
    expect(provider.verified).toHaveLength(2);

    const changed = await caller.mailboxes.update({ id: mailbox.id, changes: { dailyLimit: 40 } });
    expect(changed.limits.daily).toBe(40);
    expect((await caller.mailboxes.pause({ id: mailbox.id })).paused).toBe(true);
    expect((await caller.mailboxes.resume({ id: mailbox.id })).paused).toBe(false);
    const performance = await caller.mailboxes.performance({ id: mailbox.id, days: 7 });
    expect(performance.daily).toHaveLength(7);
    expect((await caller.mailboxes.get({ id: mailbox.id })).id).toBe(mailbox.id);
    expect(await caller.mailboxes.remove({ id: mailbox.id })).toEqual({ id: mailbox.id, deleted: true });
    expect((await caller.mailboxes.list({})).mailboxes).toEqual([]);
    expect((await outboxEvents(workspace.id)).map((event) => event.event)).toEqual([
      "account.connected",
      "account.paused",
      "account.resumed",
      "account.status_changed",
    ]);
  });

  it("answers a refused sign-in with the field the form marks", async () => {
    setMailProvider("smtp", fakeMailProvider("smtp", { verify: () => Promise.reject(new MailProviderError("auth-failed", "The IMAP server refused the password.", { field: "imap.password" })) }));
    const { userId, actor } = await createTestWorkspace();
    session.actor = actor;
    const caller = createCallerFactory(appRouter)({ userId, clientAddress: "198.51.100.7" });
    const input = { provider: "smtp" as const, email: "desk@example.com", smtp: server("smtp.example.com"), imap: server("imap.example.com") };
    await expect(caller.mailboxes.testConnection(input)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "The IMAP server refused the password.",
      cause: { code: "mail-auth-failed", details: { field: "imap.password" } },
    });
  });
});
