// The order of the classification (a bounce or a complaint before an auto-reply: reports carry
// Auto-Submitted too) and bad input: malformed MIME, unknown charsets, broken encodings, huge
// messages and garbage are classified as well as they can be, never thrown.
import { describe, expect, it } from "vitest";
import type { IncomingEmail } from "../../../providers/mail/types";
import { toIncomingEmail } from "../../../providers/mail/smtp/imap-operations";
import { classifyIncomingEmail } from "./classify-incoming-email";
import { readFixtureEmail } from "../../../test/fixtures/inbound-mail/read-fixture";

describe("classifyIncomingEmail", () => {
  it.each([
    ["bounces/exim-02.eml", "bounce"],
    ["bounces/gmail-08.eml", "bounce"],
    ["complaints/arf-02.eml", "complaint"],
    ["complaints/arf-22.eml", "complaint"],
    ["complaints/arf-18.eml", "auto-reply"],
    ["auto-replies/herald-exchange-oof.eml", "auto-reply"],
    ["replies/talon-outlook.eml", "reply"],
  ])("takes %s for a %s", async (file, kind) => {
    expect((await classifyIncomingEmail(await readFixtureEmail(file))).kind).toBe(kind);
  });

  it("takes a bounce carrying Auto-Submitted for a bounce", async () => {
    const email = await readFixtureEmail("bounces/office365-01.eml");
    expect(email.headers["auto-submitted"]).toBe("auto-replied");
    expect((await classifyIncomingEmail(email)).kind).toBe("bounce");
  });

  it("takes a delivery report that every recipient got it for an automatic message, not a bounce", async () => {
    const raw = [
      "From: MAILER-DAEMON@mx.prospect.example",
      "To: rep@herald.example",
      "Subject: Successful Mail Delivery Report",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Your message was delivered.",
      "--b",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.prospect.example",
      "",
      "Final-Recipient: rfc822; lead@prospect.example",
      "Action: delivered",
      "Status: 2.0.0",
      "--b--",
      "",
    ].join("\r\n");
    expect(await classifyIncomingEmail(await toIncomingEmail(1, Buffer.from(raw), null))).toEqual({ kind: "auto-reply", reason: "A delivery report: the e-mail was delivered", returnDate: null });
  });

  it("takes a read receipt for an automatic message, not a reply", async () => {
    const raw = [
      "From: Lead <lead@prospect.example>",
      "To: rep@herald.example",
      "Subject: Read: Hello",
      'Content-Type: multipart/report; report-type=disposition-notification; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Your message was read on Monday.",
      "--b",
      "Content-Type: message/disposition-notification",
      "",
      "Final-Recipient: rfc822; lead@prospect.example",
      "Original-Message-ID: <campaign-9@herald.example>",
      "Disposition: manual-action/MDN-sent-manually; displayed",
      "--b--",
      "",
    ].join("\r\n");
    expect(await classifyIncomingEmail(await toIncomingEmail(1, Buffer.from(raw), null))).toEqual({ kind: "auto-reply", reason: "A read receipt (message disposition notification)", returnDate: null });
  });

  it("reads a bounce's continuation lines and several recipients, the failed one first", async () => {
    const raw = [
      "From: Mail Delivery System <MAILER-DAEMON@mx.herald.example>",
      "To: rep@herald.example",
      "Subject: Undelivered Mail Returned to Sender",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      "",
      "--b",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.herald.example",
      "",
      "Final-Recipient: rfc822; other@prospect.example",
      "Action: delayed",
      "Status: 4.4.1",
      "",
      "Final-Recipient: rfc822;",
      "    Lead@Prospect.example",
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1 <lead@prospect.example>:",
      "    Recipient address rejected: User unknown",
      "--b",
      "Content-Type: message/rfc822",
      "",
      "From: rep@herald.example",
      "To: lead@prospect.example",
      "Message-ID: <campaign-9@herald.example>",
      "Subject: Hello",
      "",
      "Hello",
      "--b--",
      "",
    ].join("\r\n");
    expect(await classifyIncomingEmail(await toIncomingEmail(1, Buffer.from(raw), null))).toEqual({
      kind: "bounce",
      bounce: {
        severity: "hard",
        action: "failed",
        status: "5.1.1",
        recipient: "lead@prospect.example",
        originalMessageId: "<campaign-9@herald.example>",
        diagnostic: "550 5.1.1 <lead@prospect.example>: Recipient address rejected: User unknown",
        message: "The address does not exist (5.1.1)",
      },
    });
  });
});

describe("classifyIncomingEmail with bad input", () => {
  it.each([
    ["unclosed-multipart.eml", { kind: "reply", text: "Yes, Thursday works for me." }],
    // The charset is unknown and the raw message was read as UTF-8: its two non-ASCII bytes are lost, the rest is kept.
    ["unknown-charset.eml", { kind: "reply", text: "Gr e, call me on Friday." }],
    ["broken-base64.eml", { kind: "reply", text: "Interested, send me the details. [jǺ Z" }],
    ["no-headers.eml", { kind: "reply", text: "this is not an e-mail at all\n binary garbage" }],
  ])("%s", async (file, expected) => {
    expect(await classifyIncomingEmail(await readFixtureEmail(`malformed/${file}`))).toEqual(expected);
  });

  it("takes a report that lost its parts for a bounce it cannot say more about", async () => {
    expect(await classifyIncomingEmail(await readFixtureEmail("malformed/report-without-parts.eml"))).toEqual({
      kind: "bounce",
      bounce: { severity: "hard", action: "failed", status: null, recipient: null, originalMessageId: null, diagnostic: null, message: "The e-mail could not be delivered" },
    });
  });

  it("reads a huge message quickly and keeps a bounded text", async () => {
    const words = "Sounds good, let us talk on Thursday. ".repeat(150_000);
    const raw = `From: lead@prospect.example\r\nTo: rep@herald.example\r\nSubject: Re: Hello\r\nContent-Type: text/plain\r\n\r\n${words}\r\n`;
    const started = performance.now();
    const result = await classifyIncomingEmail(await toIncomingEmail(1, Buffer.from(raw), null));
    expect(result.kind).toBe("reply");
    expect(result.kind === "reply" && result.text.length).toBeLessThanOrEqual(200_000);
    expect(result.kind === "reply" && result.text.startsWith("Sounds good, let us talk on Thursday.")).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("does not throw for fields a provider left odd", async () => {
    const odd: IncomingEmail = { uid: "1", messageId: null, inReplyTo: null, references: [], from: null, to: [], subject: "", text: "", html: "<p>Only <b>HTML</b> here</p>", headers: {}, raw: "", receivedAt: "not a date" };
    expect(await classifyIncomingEmail(odd)).toEqual({ kind: "reply", text: "Only HTML here" });
    expect(await classifyIncomingEmail({ ...odd, html: null, subject: "Automatic reply: x", text: "Back on 3 March" })).toEqual({ kind: "auto-reply", reason: "Subject: Automatic reply", returnDate: null });
  });
});
