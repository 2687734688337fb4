import { simpleParser, type ParsedMail } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { MailProviderError, type EmailOutcome, type MailboxHandle, type OutgoingEmail } from "../types";
import { createSandboxMailProvider } from "./sandbox-mail-provider";
import { happen, outcomeOf, prospectName } from "./sandbox-mail-store";

const provider = createSandboxMailProvider();

function handle(email = "anna@herald.test"): MailboxHandle {
  return { id: "mbx_test", workspaceId: "wks_test", email, provider: "sandbox", settings: null, credentials: { kind: "sandbox" } };
}

let counter = 0;
function outgoing(to: string, overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  counter += 1;
  return {
    from: { name: "Anna Bell", address: "anna@herald.test" },
    to: { name: null, address: to },
    subject: "Quick question",
    text: "Hi, would you like to see https://acme.test/demo?\n\nAnna",
    html: '<p>Hi, would you like to see <a href="https://acme.test/demo">our demo</a>?</p>',
    messageId: `<msg${counter}.${Math.random().toString(36).slice(2)}@herald.test>`,
    inReplyTo: null,
    references: [],
    headers: { "List-Unsubscribe": "<https://herald.test/u/tok>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    ...overrides,
  };
}

afterEach(() => setClock(systemClock));

/** A parsed message's text and every part's content, wherever mailparser put a report's parts. */
function everything(parsed: ParsedMail): string {
  return [parsed.text ?? "", ...parsed.attachments.map((part) => `${part.contentType}\n${part.content.toString()}`)].join("\n");
}

describe("verify", () => {
  it("accepts any address and refuses the documented ones with the field at fault", async () => {
    await expect(provider.verify(handle("someone@anywhere.test"))).resolves.toBeUndefined();
    const unreachable = await provider.verify(handle("unreachable@herald.test")).catch((error: unknown) => error);
    expect(unreachable).toBeInstanceOf(MailProviderError);
    expect(unreachable).toMatchObject({ code: "host-unreachable", field: "email", retryable: true });
    await expect(provider.verify(handle("wrong-password@herald.test"))).rejects.toMatchObject({ code: "auth-failed", field: "email" });
  });
});

describe("send", () => {
  it("stores the e-mail with the plan planOutcome predicted, counting earlier e-mails to the same address", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    setClock(clock);
    const to = "clicker.jo@acme.test";
    const first = outgoing(to);
    const sent = await provider.send(handle(), first);
    expect(sent).toMatchObject({ messageId: first.messageId, acceptedAt: "2026-03-02T09:00:00.000Z" });
    clock.advance(3_600_000);
    const second = outgoing(to, { html: null, text: "No links here", inReplyTo: first.messageId, references: [first.messageId] });
    await provider.send(handle(), second);

    const rows = await db.sandboxEmail.findMany({ where: { toAddress: to }, orderBy: { sentAt: "asc" } });
    expect(rows).toHaveLength(2);
    const plan0 = provider.planOutcome!({ fromAddress: "anna@herald.test", toAddress: to, nth: 0, sentAt: Date.parse("2026-03-02T09:00:00Z"), hasLinks: true });
    const plan1 = provider.planOutcome!({ fromAddress: "anna@herald.test", toAddress: to, nth: 1, sentAt: Date.parse("2026-03-02T10:00:00Z"), hasLinks: false });
    expect(rows[0]!.openAt?.getTime()).toBe(plan0.openAt);
    expect(rows[0]!.clickAt?.getTime()).toBe(plan0.clickAt);
    expect(plan0.clickAt).not.toBeNull();
    expect(rows[1]!.openAt?.getTime()).toBe(plan1.openAt);
    expect(rows[1]!.clickAt).toBeNull();
    expect(rows[0]!.nextAt?.getTime()).toBe(plan0.openAt);
    expect(rows[1]!.inReplyTo).toBe(first.messageId);
    expect(rows[0]!.headers).toMatchObject({ "message-id": first.messageId, "list-unsubscribe-post": "List-Unsubscribe=One-Click", subject: "Quick question" });
  });

  it("stores for every recipient exactly the outcome planOutcome forecasts", async () => {
    const clock = new ManualClock("2026-04-06T09:00:00Z");
    setClock(clock);
    const outcomes: Array<{ stored: EmailOutcome; forecast: EmailOutcome }> = [];
    for (let index = 0; index < 60; index++) {
      const to = `prospect${index}@company${index % 7}.test`;
      const email = outgoing(to, index % 2 ? { html: null, text: "No link in this one" } : {});
      const sentAt = clock.advance(37_000);
      await provider.send(handle("forecast@herald.test"), { ...email, from: { name: null, address: "forecast@herald.test" } });
      const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });
      outcomes.push({
        stored: outcomeOf(row),
        forecast: provider.planOutcome!({ fromAddress: "forecast@herald.test", toAddress: to, nth: 0, sentAt: sentAt.getTime(), hasLinks: index % 2 === 0 }),
      });
    }
    for (const { stored, forecast } of outcomes) expect(stored).toEqual(forecast);
    // Not all alike: some recipients open, some do not.
    expect(new Set(outcomes.map(({ stored }) => stored.openAt === null))).toEqual(new Set([true, false]));
  });

  it("takes a Message-ID once, and refuses addresses that cannot receive mail", async () => {
    const email = outgoing("lee@acme.test");
    const first = await provider.send(handle(), email);
    const again = await provider.send(handle(), email);
    expect(again.acceptedAt).toBe(first.acceptedAt);
    expect(await db.sandboxEmail.count({ where: { messageId: email.messageId } })).toBe(1);
    await expect(provider.send(handle(), outgoing("not an address"))).rejects.toMatchObject({ code: "recipient-refused" });
  });
});

describe("findSent", () => {
  it("finds an e-mail the mailbox sent since the given time, and only that", async () => {
    const email = outgoing("kim@acme.test");
    const since = new Date(Date.now() - 60_000);
    await provider.send(handle(), email);
    expect(await provider.findSent(handle(), email.messageId, since)).toBe(true);
    expect(await provider.findSent(handle("other@herald.test"), email.messageId, since)).toBe(false);
    expect(await provider.findSent(handle(), "<never@herald.test>", since)).toBe(false);
    expect(await provider.findSent(handle(), email.messageId, new Date(Date.now() + 60_000))).toBe(false);
  });
});

describe("fetchIncoming", () => {
  it("returns what arrived in arrival order after the cursor, as parsable RFC 5322 messages", async () => {
    const mailbox = handle("reader@herald.test");
    const since = new Date(Date.now() - 60_000);
    const email = outgoing("pat.lee@acme.test", { from: { name: null, address: "reader@herald.test" } });
    await provider.send(mailbox, email);
    const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });

    expect(await provider.fetchIncoming(mailbox, { cursor: null, since })).toEqual({ messages: [], cursor: null });
    await happen(row.id, "autoReply", new Date(), { kind: "auto-reply" });
    await happen(row.id, "reply", new Date(), { kind: "reply", text: "Sounds good, call me Tuesday." });
    const first = await provider.fetchIncoming(mailbox, { cursor: null, since, limit: 1 });
    expect(first.messages.map((message) => message.subject)).toEqual(["Automatic reply: Quick question"]);
    const rest = await provider.fetchIncoming(mailbox, { cursor: first.cursor, since });
    expect(rest.messages.map((message) => message.subject)).toEqual(["Re: Quick question"]);
    // A moment already claimed writes nothing twice.
    expect(await happen(row.id, "reply", new Date(), { kind: "reply", text: "again" })).toBe(false);
    await happen(row.id, "bounce", new Date(), { kind: "bounce", bounceKind: "soft" });
    await happen(row.id, "complain", new Date(), { kind: "complaint" });
    const last = await provider.fetchIncoming(mailbox, { cursor: rest.cursor, since });
    expect(last.messages).toHaveLength(2);
    expect(await provider.fetchIncoming(mailbox, { cursor: last.cursor, since })).toEqual({ messages: [], cursor: last.cursor });
    expect(await provider.fetchIncoming(handle("someone-else@herald.test"), { cursor: null, since })).toEqual({ messages: [], cursor: null });

    const [autoReply, reply, bounce, complaint] = [...first.messages, ...rest.messages, ...last.messages];
    const parsedAuto = await simpleParser(autoReply!.raw);
    expect(parsedAuto.headers.get("auto-submitted")).toBe("auto-replied");
    expect(parsedAuto.inReplyTo).toBe(email.messageId);
    expect(autoReply!.headers["auto-submitted"]).toBe("auto-replied");

    const parsedReply = await simpleParser(reply!.raw);
    expect(parsedReply.text).toContain("Sounds good, call me Tuesday.");
    expect(parsedReply.from?.value[0]).toMatchObject({ name: "Pat Lee", address: "pat.lee@acme.test" });
    expect(parsedReply.inReplyTo).toBe(email.messageId);
    expect(parsedReply.references).toBe(email.messageId);
    expect(reply).toMatchObject({ inReplyTo: email.messageId, references: [email.messageId], from: { name: "Pat Lee", address: "pat.lee@acme.test" } });

    const parsedBounce = await simpleParser(bounce!.raw);
    expect(parsedBounce.headers.get("content-type")).toMatchObject({ value: "multipart/report", params: { "report-type": "delivery-status" } });
    // mailparser shows a delivery-status part as text, as it does with real DSNs.
    expect(everything(parsedBounce)).toMatch(/Final-Recipient: rfc822; pat\.lee@acme\.test[\s\S]*Action: failed[\s\S]*Status: 4\.2\.2/);
    const returnedHeaders = parsedBounce.attachments.find((part) => part.contentType === "text/rfc822-headers");
    expect(returnedHeaders?.content.toString()).toContain(`Message-ID: ${email.messageId}`);

    const parsedComplaint = await simpleParser(complaint!.raw);
    expect(parsedComplaint.headers.get("content-type")).toMatchObject({ value: "multipart/report", params: { "report-type": "feedback-report" } });
    expect(everything(parsedComplaint)).toMatch(/Feedback-Type: abuse[\s\S]*Original-Rcpt-To: <pat\.lee@acme\.test>/);
    // The reported e-mail travels whole (message/rfc822), its Message-ID included, as part 2 matches on it.
    const embedded = complaint!.raw.indexOf("Content-Type: message/rfc822");
    expect(embedded).toBeGreaterThan(0);
    expect(complaint!.raw.indexOf(`Message-ID: ${email.messageId}`, embedded)).toBeGreaterThan(embedded);
    expect(everything(parsedComplaint)).toContain("would you like to see");
  });

  it("writes a hard bounce's DSN with a permanent status", async () => {
    const mailbox = handle("hb@herald.test");
    const email = outgoing("bounce.sam@acme.test", { from: { name: null, address: "hb@herald.test" } });
    await provider.send(mailbox, email);
    const row = await db.sandboxEmail.findUniqueOrThrow({ where: { messageId: email.messageId } });
    expect(row.bounceKind).toBe("hard");
    await happen(row.id, "bounce", row.bounceAt!, { kind: "bounce" });
    const { messages } = await provider.fetchIncoming(mailbox, { cursor: null, since: new Date(0) });
    const parsed = await simpleParser(messages[0]!.raw);
    expect(everything(parsed)).toContain("Status: 5.1.1");
    expect((await db.sandboxEmail.findUniqueOrThrow({ where: { id: row.id } })).nextAt).toBeNull();
  });
});

describe("prospectName", () => {
  it("signs with the name in the address, without a test address's word", () => {
    expect(prospectName("anna.smith@acme.test")).toBe("Anna Smith");
    expect(prospectName("reply.anna-marie@acme.test")).toBe("Anna Marie");
    expect(prospectName("zoë_brandt2@acme.test")).toBe("Zoë Brandt2");
    expect(prospectName("12345@acme.test")).toBe("");
  });
});
