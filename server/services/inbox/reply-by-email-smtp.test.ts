// An inbox reply from a password mailbox to a real SMTP server (the tests' smtp-server): what the
// server receives is a reply in the thread — In-Reply-To and References, "Re:" subject, both bodies
// with the signature — and a server that refuses the sign-in puts the mailbox in error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { freePort, startSmtpServer, type TestSmtpServer } from "@/server/test/mail-servers";
import { emailConversationSeed, inboxWorkspace, receivedEmail } from "@/server/test/inbox-seed";
import { encryptMailCredentials, mailboxSettingsColumn } from "../mail/mailboxes/mailbox-columns";
import { replyToConversation } from "./reply-to-conversation";

const PASSWORD = "app-password";
let smtp: TestSmtpServer;
let closedImapPort: number;

beforeAll(async () => {
  smtp = await startSmtpServer({ users: { "rep@herald.test": PASSWORD } });
  // No IMAP server: keeping a copy in Sent fails, which never fails the send.
  closedImapPort = await freePort();
}, 60_000);

afterAll(async () => {
  await smtp?.close();
});

async function passwordConversation(password: string) {
  const { actor } = await inboxWorkspace();
  const seed = await emailConversationSeed(actor, { signature: "<p>Sam Seller<br><b>Acme</b></p>" });
  await db.mailbox.update({
    where: { id: seed.mailbox.id },
    data: {
      email: "rep@herald.test",
      provider: "smtp",
      authType: "password",
      settings: mailboxSettingsColumn({
        smtp: { host: "127.0.0.1", port: smtp.port, security: "none", username: "rep@herald.test" },
        imap: { host: "127.0.0.1", port: closedImapPort, security: "none", username: "rep@herald.test" },
      }),
      credentialsEncrypted: encryptMailCredentials({ kind: "password", smtpPassword: password, imapPassword: password }),
      updatedAt: now(),
    },
  });
  const root = seed.first.messageId;
  const reply = await receivedEmail(seed.thread, { kind: "reply", text: "Tell me more", from: seed.lead.email!, root, inReplyTo: root });
  return { actor, seed, root, reply, conversation: await seed.conversation() };
}

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw)?.[1]?.replace(/\r?\n[ \t]+/g, " ");

describe("replying by e-mail through an SMTP server", () => {
  it("delivers a reply threaded in the conversation, with both bodies and the signature", async () => {
    const { actor, seed, root, reply, conversation } = await passwordConversation(PASSWORD);
    const message = await replyToConversation(actor, conversation.id, { text: "Gladly: <details> & more." });
    expect(message.status).toBe("sent");
    const email = await db.emailMessage.findUniqueOrThrow({ where: { id: message.id } });
    const received = smtp.messages.find((candidate) => candidate.messageId === email.messageId);
    expect(received).toBeDefined();
    expect(received!.to).toEqual([seed.lead.email]);
    expect(received!.user).toBe("rep@herald.test");
    const raw = received!.raw;
    expect(header(raw, "Subject")).toBe("Re: Quick question");
    expect(header(raw, "In-Reply-To")).toBe(reply.messageId);
    expect(header(raw, "References")).toBe(`${root} ${reply.messageId}`);
    expect(header(raw, "From")).toContain("rep@herald.test");
    expect(raw).toContain("Gladly: <details> & more.");
    expect(raw).toContain("Gladly: &lt;details&gt; &amp; more.");
    expect(raw).toContain("<b>Acme</b>");
    expect(email.text).toBe("Gladly: <details> & more.\n\nSam Seller\nAcme");
    expect(raw).not.toMatch(/List-Unsubscribe/i);
  });

  it("puts the mailbox in error when the server refuses the sign-in, and says to reconnect it", async () => {
    const { actor, seed, conversation } = await passwordConversation("wrong-password");
    await expect(replyToConversation(actor, conversation.id, { text: "Hello" })).rejects.toMatchObject({ code: "mailbox-not-ready", message: expect.stringMatching(/^Reconnect the mailbox rep@herald\.test: /) });
    expect(await db.mailbox.findUniqueOrThrow({ where: { id: seed.mailbox.id } })).toMatchObject({ status: "error" });
    expect(await db.emailMessage.findFirstOrThrow({ where: { mailboxId: seed.mailbox.id, source: "manual" } })).toMatchObject({ status: "failed" });
  });
});
