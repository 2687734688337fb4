import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { autoReplyMessage, mailDate, replyMessage, type OriginalEmail } from "./raw-messages";
import { bounceMessage } from "./report-messages";

const original: OriginalEmail = {
  fromAddress: "rep@sender.example",
  toAddress: "zoë.brandt@prospect.example",
  messageId: "<first@sender.example>",
  subject: "Un café, Zoë ?",
  text: "Bonjour Zoë,\nUn café la semaine prochaine ?",
  sentAt: new Date("2026-03-02T09:00:00Z"),
  headers: { "message-id": "<first@sender.example>", subject: "=?UTF-8?B?VW4gY2Fmw6ksIFpvw6sgPw==?=", references: "<older@sender.example>" },
};

describe("raw messages", () => {
  it("writes a reply with its thread, an encoded subject and name, and CRLF line ends", async () => {
    const reply = replyMessage(original, { text: "Avec plaisir !", fromName: "Zoë Brandt", at: new Date("2026-03-02T10:00:00Z") });
    expect(reply.raw).not.toMatch(/[^\r]\n/);
    const parsed = await simpleParser(reply.raw);
    expect(parsed.subject).toBe("Re: Un café, Zoë ?");
    expect(parsed.from?.value[0]).toEqual({ name: "Zoë Brandt", address: "zoë.brandt@prospect.example" });
    expect(parsed.references).toEqual(["<older@sender.example>", "<first@sender.example>"]);
    expect(parsed.text).toContain("Avec plaisir !\n\nOn Mon, 02 Mar 2026 09:00:00 +0000, rep@sender.example wrote:\n> Bonjour Zoë,");
    expect(parsed.date?.toISOString()).toBe("2026-03-02T10:00:00.000Z");
  });

  it("marks an out-of-office answer as automatic (RFC 3834)", async () => {
    const parsed = await simpleParser(autoReplyMessage(original, { fromName: null, at: new Date("2026-03-02T09:00:30Z") }).raw);
    expect(parsed.headers.get("auto-submitted")).toBe("auto-replied");
    expect(parsed.subject).toBe("Automatic reply: Un café, Zoë ?");
    expect(parsed.text).toContain("out of the office until 2026-03-09");
  });

  it("names the bounced recipient and returns the original's headers", async () => {
    const bounce = bounceMessage(original, { kind: "hard", at: new Date("2026-03-02T09:00:10Z") });
    expect(bounce.raw).toContain("Final-Recipient: rfc822; zoë.brandt@prospect.example\r\nOriginal-Recipient: rfc822; zoë.brandt@prospect.example\r\nAction: failed\r\nStatus: 5.1.1");
    expect(bounce.raw).toContain("Message-ID: <first@sender.example>");
    expect(bounce.headers["auto-submitted"]).toBe("auto-replied");
  });

  it("dates messages as RFC 5322 does", () => {
    expect(mailDate(new Date("2026-03-02T09:05:07Z"))).toBe("Mon, 02 Mar 2026 09:05:07 +0000");
  });
});
