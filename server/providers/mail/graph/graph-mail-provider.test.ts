// Managed Microsoft 365 mailboxes through Graph's mail API, against the Graph stand-in (token
// endpoint and Graph v1.0 in their documented shapes and refusals, keeping each user's folders):
// sending as MIME with Herald's own Message-ID, Sent Items, reading replies and bounces in order with
// an exact cursor, warmup mail in Junk Email opened and rescued, and the refusals in plain words.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock, setClock, systemClock } from "../../../lib/clock";
import { HERALD_APP_PERMISSIONS, startGraphFake, type GraphFake } from "../../../test/fakes/graph-fake";
import { createMicrosoftGraphPlatform } from "../../mail-platform/microsoft-graph/microsoft-graph-platform";
import { MailProviderError, type MailboxHandle, type MailProvider, type OutgoingEmail } from "../types";
import { ProvisioningError } from "../../provisioning-error";
import { graphMailError } from "./graph-mail-errors";
import { createGraphMailProvider, nextPath } from "./graph-mail-provider";

const APP = { tenantId: "5e1f-tenant", clientId: "herald-app", clientSecret: "s3cret" };
const DOMAIN = "acme-mail.com";
let graph: GraphFake;
let clock: ManualClock;
let ada: MailboxHandle;
let bob: MailboxHandle;

beforeAll(async () => {
  graph = await startGraphFake(APP);
  setClock(new ManualClock("2026-12-01T09:00:00Z"));
  const platform = createMicrosoftGraphPlatform({ ...APP, graphUrl: graph.url, tokenUrl: graph.tokenUrl });
  await platform.ensureTenant({ domain: DOMAIN, platform: "microsoft", reference: "r" });
  graph.dnsVisible.add(DOMAIN);
  await platform.getTenant({ domain: DOMAIN, tenantId: APP.tenantId });
  const handle = async (local: string): Promise<MailboxHandle> => {
    const email = `${local}@${DOMAIN}`;
    const { userId } = await platform.ensureUser({ tenantId: APP.tenantId, domain: DOMAIN, email, firstName: local, lastName: "Test", isAdmin: false });
    const access = await platform.grantAccess({ tenantId: APP.tenantId, userId, email });
    if (access?.kind !== "graph") throw new Error("expected Graph access");
    return { id: `mbx_${local}`, workspaceId: "ws", email, provider: "microsoft-graph", settings: null, credentials: { kind: "app", userId: access.userId } };
  };
  ada = await handle("ada");
  bob = await handle("bob");
});
afterAll(async () => {
  setClock(systemClock);
  await graph.close();
});
beforeEach(() => {
  clock = new ManualClock("2026-12-02T09:00:00Z");
  setClock(clock);
  graph.mail.clear();
  graph.outbound.length = 0;
  graph.junkFrom.clear();
  graph.outage = null;
  graph.appPermissions = new Set(HERALD_APP_PERMISSIONS);
  graph.http.requests.length = 0;
  graph.unreadable.clear();
});
afterEach(() => setClock(systemClock));

const provider = (timeoutMs?: number): MailProvider => createGraphMailProvider({ ...APP, graphUrl: graph.url, tokenUrl: graph.tokenUrl, timeoutMs });

function email(to: string, messageId: string, extra: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    from: { name: "Ada Test", address: ada.email },
    to: { name: null, address: to },
    subject: "A quick question",
    text: "Hello there",
    html: null,
    messageId,
    inReplyTo: null,
    references: [],
    headers: { "List-Unsubscribe": "<https://herald.example/u/abc>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    ...extra,
  };
}

async function failure(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof MailProviderError)) throw new Error(`expected a MailProviderError, got ${String(error)}`);
  return error;
}

const bounce = (messageId: string) =>
  [
    "From: Microsoft Outlook <postmaster@acme-mail.com>",
    `To: ${"ada@" + DOMAIN}`,
    "Subject: Undeliverable: A quick question",
    "Message-ID: <ndr-1@acme-mail.com>",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain",
    "",
    "Delivery has failed to these recipients: nobody@prospect.example",
    "--b",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; acme-mail.com",
    "",
    "Final-Recipient: rfc822; nobody@prospect.example",
    "Action: failed",
    "Status: 5.1.1",
    "Diagnostic-Code: smtp; 550 5.1.1 User unknown",
    "",
    "--b",
    "Content-Type: text/rfc822-headers",
    "",
    `Message-ID: ${messageId}`,
    "",
    "--b--",
    "",
  ].join("\r\n");

describe("sending", () => {
  it("sends Herald's MIME as composed: the Message-ID, threading and unsubscribe headers arrive, and Sent Items has it", async () => {
    const sent = await provider().send(ada, email("nobody@prospect.example", "<c1@herald.example>", { inReplyTo: "<p0@prospect.example>", references: ["<p0@prospect.example>"] }));
    expect(sent).toMatchObject({ messageId: "<c1@herald.example>", acceptedAt: "2026-12-02T09:00:00.000Z" });
    const request = graph.http.requests.find((candidate) => candidate.path.endsWith("/sendMail"))!;
    expect(request.headers["content-type"]).toBe("text/plain");
    expect(graph.outbound).toHaveLength(1);
    const raw = graph.outbound[0]!.raw.toString("utf8");
    expect(raw).toMatch(/^Message-ID: <c1@herald\.example>$/m);
    expect(raw).toMatch(/^In-Reply-To: <p0@prospect\.example>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(await provider().findSent(ada, "<c1@herald.example>", new Date("2026-12-02T08:59:00Z"))).toBe(true);
    expect(await provider().findSent(ada, "<other@herald.example>", new Date("2026-12-02T08:59:00Z"))).toBe(false);
  });

  it("refuses in plain words: a bad recipient, another sender's From, a missing Mail.Send, throttling and a lost answer", async () => {
    expect(await failure(provider().send(ada, email("not-an-address", "<c2@herald.example>")))).toMatchObject({ code: "recipient-refused", serverResponse: "ErrorInvalidRecipients" });
    const other = email("nobody@prospect.example", "<c3@herald.example>", { from: { name: null, address: bob.email } });
    expect(await failure(provider().send(ada, other))).toMatchObject({ code: "sending-refused", serverResponse: "ErrorSendAsDenied" });
    graph.appPermissions.delete("Mail.Send");
    clock.advance(60 * 60 * 1000);
    const denied = await failure(provider().send(ada, email("nobody@prospect.example", "<c4@herald.example>")));
    expect(denied.code).toBe("auth-failed");
    expect(denied.message).toContain("needs the Microsoft Graph application permission Mail.Send");
    graph.appPermissions.add("Mail.Send");
    graph.outage = { status: 429, code: "ApplicationThrottled", message: "Application is over its MailboxConcurrency limit." };
    expect(await failure(provider().send(ada, email("nobody@prospect.example", "<c5@herald.example>")))).toMatchObject({ code: "mail-failed", retryable: true });
    graph.outage = null;
    // A send whose answer was lost may have gone out: the executor reconciles it with findSent.
    const lost = graphMailError(new ProvisioningError("timeout", "Microsoft 365 did not answer in time while sending an e-mail from ada@acme-mail.com; it may have happened"), {
      email: ada.email,
      permission: "Mail.Send",
    });
    expect(lost).toMatchObject({ code: "timeout", retryable: true });
  });
});

describe("sending, when Graph's answer says little", () => {
  it("a gateway's 5xx may have sent it (looked for in Sent Items first); 503 and too large did not, and neither puts the mailbox in error", async () => {
    graph.outage = { status: 502, code: "BadGateway", message: "Bad gateway" };
    expect(await failure(provider().send(ada, email("nobody@prospect.example", "<g1@herald.example>")))).toMatchObject({ code: "timeout", retryable: true });
    graph.outage = { status: 503, code: "ServiceUnavailable", message: "Service unavailable" };
    expect(await failure(provider().send(ada, email("nobody@prospect.example", "<g2@herald.example>")))).toMatchObject({ code: "mail-failed", retryable: true });
    graph.outage = { status: 400, code: "ErrorMessageSizeExceeded", message: "The message exceeds the maximum supported size." };
    expect(await failure(provider().send(ada, email("nobody@prospect.example", "<g3@herald.example>")))).toMatchObject({ code: "mail-failed", retryable: false });
  });

  it("a token Graph no longer takes is renewed and the call made once more", async () => {
    const graphMail = provider();
    await graphMail.send(ada, email("nobody@prospect.example", "<t1@herald.example>"));
    graph.revokeTokens();
    await graphMail.send(ada, email("nobody@prospect.example", "<t2@herald.example>"));
    expect(graph.outbound).toHaveLength(2);
    expect(graph.http.requests.filter((request) => request.path.endsWith("/sendMail")).length).toBe(3);
  });
});

describe("reading", () => {
  it("reads a reply and a bounce in order, each once, and resumes exactly after messages of the same second", async () => {
    const graphMail = provider();
    await graphMail.send(ada, email("nobody@prospect.example", "<c1@herald.example>"));
    await graph.deliver(ada.email, ["From: Pat <pat@prospect.example>", `To: ${ada.email}`, "Subject: Re: A quick question", "Message-ID: <r1@prospect.example>", "In-Reply-To: <c1@herald.example>", "", "Sounds good, call me.", ""].join("\r\n"));
    await graph.deliver(ada.email, bounce("<c1@herald.example>"));
    await graph.deliver(ada.email, ["From: Sam <sam@prospect.example>", `To: ${ada.email}`, "Subject: Hi", "Message-ID: <r2@prospect.example>", "", "Third of the same second.", ""].join("\r\n"));
    const since = new Date("2026-12-02T08:00:00Z");

    const first = await graphMail.fetchIncoming(ada, { cursor: null, since, limit: 2 });
    expect(first.messages.map((message) => message.messageId)).toEqual(["<r1@prospect.example>", "<ndr-1@acme-mail.com>"]);
    expect(first.messages[0]).toMatchObject({ inReplyTo: "<c1@herald.example>", from: { address: "pat@prospect.example" }, receivedAt: "2026-12-02T09:00:00.000Z" });
    expect(first.messages[0]!.text).toContain("Sounds good");
    expect(first.messages[1]!.raw).toContain("Status: 5.1.1");
    expect(first.cursor).toBe(first.messages[1]!.uid);

    const second = await graphMail.fetchIncoming(ada, { cursor: first.cursor, since, limit: 2 });
    expect(second.messages.map((message) => message.messageId)).toEqual(["<r2@prospect.example>"]);
    expect(await graphMail.fetchIncoming(ada, { cursor: second.cursor, since, limit: 2 })).toEqual({ messages: [], cursor: second.cursor });

    clock.advance(1_000);
    await graph.deliver(ada.email, ["From: Pat <pat@prospect.example>", `To: ${ada.email}`, "Subject: Re: again", "Message-ID: <r3@prospect.example>", "", "One more.", ""].join("\r\n"));
    const third = await graphMail.fetchIncoming(ada, { cursor: second.cursor, since, limit: 10 });
    expect(third.messages.map((message) => message.messageId)).toEqual(["<r3@prospect.example>"]);
    // Graph sorts only by what the filter starts with; the stand-in refuses otherwise, as Exchange does.
    const listing = graph.http.requests.filter((request) => request.path.endsWith("/mailFolders/inbox/messages")).at(-1)!;
    expect(listing.query.get("$orderby")).toBe("receivedDateTime asc");
    // Each read looks five minutes back from the cursor for mail that became visible late.
    expect(listing.query.get("$filter")).toBe("receivedDateTime ge 2026-12-02T08:55:00Z");
  });

  it("reads a message that shows up after a later-stamped one was read, and one Graph cannot give stands in by its headers", async () => {
    const graphMail = provider();
    const since = new Date("2026-12-02T08:00:00Z");
    const note = (id: string, body: string) => [`From: Pat <pat@prospect.example>`, `To: ${ada.email}`, `Subject: ${id}`, `Message-ID: <${id}@prospect.example>`, "", body, ""].join("\r\n");
    clock.advance(60_000);
    await graph.deliver(ada.email, note("first", "One."));
    const first = await graphMail.fetchIncoming(ada, { cursor: null, since });
    expect(first.messages.map((message) => message.messageId)).toEqual(["<first@prospect.example>"]);
    // Stamped 30 s before the one already read, visible only now (Exchange commits out of order).
    const late = await graph.deliver(ada.email, note("late", "Two."));
    late.receivedDateTime = "2026-12-02T09:00:30Z";
    graph.unreadable.add("<broken@prospect.example>");
    await graph.deliver(ada.email, note("broken", "Three."));
    await graph.deliver(ada.email, Buffer.concat([Buffer.from(`From: Zoé <zoe@prospect.example>\r\nTo: ${ada.email}\r\nSubject: Latin\r\nMessage-ID: <latin@prospect.example>\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: 8bit\r\n\r\nD`), Buffer.from([0xe9]), Buffer.from("j\u00e0 vu\r\n", "latin1")]));
    const second = await graphMail.fetchIncoming(ada, { cursor: first.cursor, since });
    expect(second.messages.map((message) => message.messageId)).toEqual(["<late@prospect.example>", "<broken@prospect.example>", "<latin@prospect.example>"]);
    expect(second.messages[1]!.incomplete).toMatch(/^Microsoft 365 would not give the whole message/);
    expect(second.messages[1]!.subject).toBe("broken");
    // 8-bit ISO-8859-1 arrives as its bytes, so it reads as written.
    expect(second.messages[2]!.text.trim()).toBe("Déjà vu");
    expect((await graphMail.fetchIncoming(ada, { cursor: second.cursor, since })).messages).toEqual([]);
  });

  it("a message above the size limit is read as its headers and the start of its text, marked incomplete", async () => {
    const before = process.env.HERALD_MAIL_MAX_MESSAGE_BYTES;
    process.env.HERALD_MAIL_MAX_MESSAGE_BYTES = "2000";
    try {
      await graph.deliver(ada.email, [`From: Pat <pat@prospect.example>`, `To: ${ada.email}`, "Subject: Big", "Message-ID: <big@prospect.example>", "", "x".repeat(5000), ""].join("\r\n"));
      const { messages } = await provider().fetchIncoming(ada, { cursor: null, since: new Date("2026-12-02T08:00:00Z") });
      expect(messages[0]).toMatchObject({ messageId: "<big@prospect.example>", subject: "Big" });
      expect(messages[0]!.incomplete).toMatch(/^Too large/);
      expect(graph.http.requests.some((request) => request.path.endsWith("/$value"))).toBe(false);
    } finally {
      if (before === undefined) delete process.env.HERALD_MAIL_MAX_MESSAGE_BYTES;
      else process.env.HERALD_MAIL_MAX_MESSAGE_BYTES = before;
    }
  });

  it("verify says which permission or mailbox is missing", async () => {
    await provider().verify(ada);
    graph.appPermissions.delete("Mail.ReadWrite");
    clock.advance(60 * 60 * 1000);
    const noRead = await failure(provider().verify(ada));
    expect(noRead).toMatchObject({ code: "auth-failed", serverResponse: "ErrorAccessDenied" });
    expect(noRead.message).toContain("Mail.ReadWrite");
    graph.appPermissions = new Set(HERALD_APP_PERMISSIONS);
    graph.appPermissions.delete("Mail.Send");
    clock.advance(60 * 60 * 1000);
    expect((await failure(provider().verify(ada))).message).toMatch(/lacks the Microsoft Graph application permission Mail.Send \(to send as ada@acme-mail.com\)/);
    graph.appPermissions.add("Mail.Send");
    const gone = await failure(provider().verify({ ...ada, credentials: { kind: "app", userId: "00000000-gone" } }));
    expect(gone).toMatchObject({ code: "auth-failed", serverResponse: "ErrorInvalidUser" });
    expect(gone.message).toContain("has no mailbox ada@acme-mail.com any more");
  });
});

describe("warmup", () => {
  it("finds tagged mail in the inbox and Junk Email, opens it and rescues it from spam", async () => {
    graph.junkFrom.add(ada.email);
    const tagged = (id: string) => email(bob.email, id, { headers: { "X-Herald-Warmup": "wu-1" } });
    await provider().send(ada, tagged("<w1@herald.example>"));
    graph.junkFrom.clear();
    await provider().send(ada, tagged("<w2@herald.example>"));
    await provider().send(ada, email(bob.email, "<plain@herald.example>"));
    const found = await provider().listWarmupMail!(bob, { since: new Date("2026-12-02T08:00:00Z") });
    expect(found).toEqual(
      expect.arrayContaining([
        { messageId: "<w1@herald.example>", folder: "spam", seen: false },
        { messageId: "<w2@herald.example>", folder: "inbox", seen: false },
      ]),
    );
    expect(found).toHaveLength(2);
    const opened = await provider().openWarmupMail!(bob, {
      messages: [
        { messageId: "<w1@herald.example>", folder: "spam", rescue: true },
        { messageId: "<w2@herald.example>", folder: "inbox", rescue: false },
        { messageId: "<gone@herald.example>", folder: "inbox", rescue: false },
      ],
    });
    expect(opened).toEqual(["<w1@herald.example>", "<w2@herald.example>"]);
    const bobMail = [...graph.mail.values()].flat().filter((message) => message.internetMessageId?.startsWith("<w") && message.folder !== "sentitems");
    expect(bobMail.map((message) => [message.internetMessageId, message.folder, message.isRead]).sort()).toEqual([
      ["<w1@herald.example>", "inbox", true],
      ["<w2@herald.example>", "inbox", true],
    ]);
  });

  it("looks past the first page of a busy inbox, following Graph's next page on the configured address only", async () => {
    for (let index = 0; index < 230; index++) {
      await graph.deliver(bob.email, [`From: someone${index}@prospect.example`, `To: ${bob.email}`, `Subject: Note ${index}`, `Message-ID: <n${index}@prospect.example>`, "", "Hello.", ""].join("\r\n"));
    }
    await provider().send(ada, email(bob.email, "<w-late@herald.example>", { headers: { "X-Herald-Warmup": "wu-2" } }));
    expect(await provider().listWarmupMail!(bob, { since: new Date("2026-12-02T08:00:00Z") })).toEqual([{ messageId: "<w-late@herald.example>", folder: "inbox", seen: false }]);
    const pages = graph.http.requests.filter((request) => request.path.endsWith("/mailFolders/inbox/messages"));
    expect(pages.map((request) => request.query.get("$skip"))).toEqual([null, "200"]);
    // Only the path and query of a next link are used: Herald's token never goes to another host.
    expect(nextPath("https://elsewhere.example/v1.0/users/abc/mailFolders/inbox/messages?$skip=200")).toBe("/users/abc/mailFolders/inbox/messages?$skip=200");
    expect(nextPath("https://graph.microsoft.com/beta/users/abc")).toBeNull();
    expect(nextPath(undefined)).toBeNull();
  });
});
