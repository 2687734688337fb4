// Bounces from the corpus (fixtures/bounces, from sisimai/set-of-emails): standard RFC 3464 reports
// from Gmail, Office 365, Exchange, Outlook.com, Postfix, Exim, Sendmail, Amazon SES, and bounces
// written in a server's own words (qmail, Exim without a report, DragonFly).
import { describe, expect, it } from "vitest";
import { bounceSeverity, describeBounceStatus, findStatusCode } from "./describe-bounce-status";
import { readFixtureEmail } from "../../../test/fixtures/inbound-mail/read-fixture";
import type { ParsedBounce } from "./inbound-types";
import { parseMime } from "./mime-parts";
import { parseDeliveryReport } from "./parse-delivery-report";

type Expected = Omit<ParsedBounce, "diagnostic">;

const NOT_FOUND = "The address does not exist (5.1.1)";
const CORPUS: Array<[file: string, expected: Expected]> = [
  ["gmail-01.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "userunknown@example.jp", originalMessageId: "<D992C2C3-F175-4C4D-97E2-53A90E4E5BF5@gmail.com>", message: NOT_FOUND }],
  ["gmail-06.eml", { severity: "soft", action: "delayed", status: "4.2.2", recipient: "kijitora@example.jp", originalMessageId: "<A4D6026C-0699-460F-9F86-C2A5CB4BE6CE@gmail.com>", message: "Temporarily not delivered: the mailbox is full (4.2.2)" }],
  ["gmail-08.eml", { severity: "soft", action: "delayed", status: null, recipient: "kijitora@example.com", originalMessageId: "<AA6C0062-22D4-4D7E-8766-4494D07205C1@gmail.example.com>", message: "The e-mail could not be delivered yet; delivery will be tried again" }],
  ["office365-01.eml", { severity: "hard", action: "failed", status: "5.1.10", recipient: "kijitora@example.com", originalMessageId: "<FFFFFFFF.EEEEEEEE@example.ed.jp>", message: "The recipient was not found at that domain (5.1.10)" }],
  ["exchange2007-01.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "mikeneko@example.co.jp", originalMessageId: null, message: NOT_FOUND }],
  ["exchange2007-02.eml", { severity: "soft", action: "failed", status: "5.2.2", recipient: "kijitora@example.edu", originalMessageId: "<20110429233445.FFFFFFFFEEE@neko.example.com>", message: "The mailbox is full (5.2.2)" }],
  ["outlook-02.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "kijitora@example.jp", originalMessageId: "<BLU436-SMTP6688F46CFBFB4294F252B1BA770@phx.gbl>", message: NOT_FOUND }],
  ["outlook-06.eml", { severity: "soft", action: "delayed", status: "4.4.7", recipient: "kijitora@example.com", originalMessageId: "<BAY182-W4180385B0DABF89EB94B34A9300@phx.gbl>", message: "Temporarily not delivered: delivery kept failing until the time allowed for it ran out (4.4.7)" }],
  ["postfix-01.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "r@p351355.pool.example.ne.jp", originalMessageId: null, message: NOT_FOUND }],
  ["postfix-06.eml", { severity: "hard", action: "failed", status: "5.4.4", recipient: "kijitora@neko.example.jp", originalMessageId: "<20141024104625.9C81E2203D@vagrant-centos65.vagrantup.com>", message: "The domain has no mail server (5.4.4)" }],
  ["exim-02.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "kijitora@example.jp", originalMessageId: "<E1X58pB-0004bW-2s@marutamachi.example.org>", message: NOT_FOUND }],
  ["exim-08.eml", { severity: "hard", action: "failed", status: null, recipient: "kijitora@example.org", originalMessageId: "<000000000000000000000000xx@host5.example.org>", message: "The e-mail could not be delivered" }],
  ["qmail-02.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "userunknown@example.jp", originalMessageId: null, message: NOT_FOUND }],
  ["qmail-05.eml", { severity: "soft", action: "failed", status: "4.4.3", recipient: "kijitora@example.net", originalMessageId: "<00000000.000000000@example.jp>", message: "Temporarily not delivered: the domain's mail server could not be looked up (4.4.3)" }],
  ["sendmail-01.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "userunknown@bouncehammer.jp", originalMessageId: "<E1C50F1B-1C83-4820-BC36-AC6FBFBE8568@example.org>", message: NOT_FOUND }],
  ["amazonses-05.eml", { severity: "hard", action: "failed", status: "5.1.1", recipient: "bounce@simulator.amazonses.com", originalMessageId: "<01010157b3c0c026-110cf920-4be1-4c36-87c0-1f48d0cc6639-000000@us-west-2.amazonses.com>", message: NOT_FOUND }],
  ["dragonfly-01.eml", { severity: "hard", action: "failed", status: "5.7.26", recipient: "pseudo-local-part@google.example.com", originalMessageId: "<66681288.e06d1.3824794@df.example.jp>", message: "The receiving server refused the e-mail as a policy matter (spam filter, authentication) (5.7.26)" }],
];

describe("parseDeliveryReport over the bounce corpus", () => {
  it.each(CORPUS)("%s", async (file, expected) => {
    const email = await readFixtureEmail(`bounces/${file}`);
    const report = parseDeliveryReport(email, parseMime(email.raw));
    expect(report?.kind).toBe("bounce");
    const { diagnostic, ...rest } = report?.kind === "bounce" ? report.bounce : ({} as ParsedBounce);
    void diagnostic;
    expect(rest).toEqual(expected);
  });

  it("keeps the receiving server's own words", async () => {
    const email = await readFixtureEmail("bounces/office365-01.eml");
    const report = parseDeliveryReport(email, parseMime(email.raw));
    expect(report?.kind === "bounce" && report.bounce.diagnostic).toBe("Remote Server returned '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup'");
  });

  it("is no report for a person's message, even one that talks about bounces", async () => {
    const email = await readFixtureEmail("replies/sisimai-is-not-bounce-02.eml");
    expect(parseDeliveryReport(email, parseMime(email.raw))).toBeNull();
  });
});

describe("status codes", () => {
  it("finds an enhanced status code in text, not in an IP address or a version", () => {
    expect(findStatusCode("550-5.7.26 Unauthenticated email")).toBe("5.7.26");
    expect(findStatusCode("#5.1.10 RESOLVER.ADR.RecipientNotFound")).toBe("5.1.10");
    expect(findStatusCode("host 192.0.2.4 said: mailbox full 4.2.2.")).toBe("4.2.2");
    expect(findStatusCode("relay 10.4.2.1 and version 5.1.1.3")).toBeNull();
  });

  it("counts 5.x.x hard and 4.x.x or delayed soft; a full mailbox is soft whatever its class", () => {
    expect(bounceSeverity("5.1.1", "failed")).toBe("hard");
    expect(bounceSeverity("4.4.1", "failed")).toBe("soft");
    expect(bounceSeverity("5.1.1", "delayed")).toBe("soft");
    expect(bounceSeverity("5.2.2", "failed")).toBe("soft");
    expect(bounceSeverity(null, "failed")).toBe("hard");
  });

  it("says what the code means in plain words, with the code", () => {
    expect(describeBounceStatus("5.1.1", "hard")).toBe("The address does not exist (5.1.1)");
    expect(describeBounceStatus("5.7.1", "hard")).toBe("The receiving server refused the e-mail as a policy matter (spam filter, authentication) (5.7.1)");
    expect(describeBounceStatus("5.4.4", "hard")).toBe("The domain has no mail server (5.4.4)");
    expect(describeBounceStatus("4.7.0", "soft")).toBe("Temporarily not delivered: the receiving server refused the e-mail as a policy matter (spam filter, authentication) (4.7.0)");
    expect(describeBounceStatus("5.9.9", "hard")).toBe("The receiving server refused the e-mail (5.9.9)");
  });
});
