// Feedback reports from the corpus (fixtures/complaints, from sisimai/set-of-emails): ARF from
// Yahoo and Amazon SES, Microsoft's JMRP (the message alone, as message/rfc822), an opt-out and an
// authentication failure report (RFC 6591), which is no complaint.
import { describe, expect, it } from "vitest";
import { readFixtureEmail } from "../../../test/fixtures/inbound-mail/read-fixture";
import { parseMime } from "./mime-parts";
import { parseFeedbackReport, type FeedbackReport } from "./parse-feedback-report";

const SPAM = "The recipient reported the e-mail as spam";
const CORPUS: Array<[file: string, expected: FeedbackReport]> = [
  ["arf-02.eml", { kind: "complaint", complaint: { feedbackType: "abuse", recipient: "this-local-part-does-not-exist-on-yahoo@yahoo.com", originalMessageId: "<000000000000000000000000.smtp@example.com>", message: SPAM } }],
  [
    "arf-14.eml",
    { kind: "complaint", complaint: { feedbackType: "abuse", recipient: "kijitora@y.example.com", originalMessageId: "<2222222222222222-00000000-eeee-eeee-ffff-222222222222-111111@email.amazonses.com>", message: SPAM } },
  ],
  ["arf-22.eml", { kind: "complaint", complaint: { feedbackType: "abuse", recipient: "kijitora@example.com", originalMessageId: "<0000000000fffffffff0000000000000@example.com>", message: SPAM } }],
  ["arf-12.eml", { kind: "complaint", complaint: { feedbackType: "opt-out", recipient: null, originalMessageId: null, message: "The recipient asked not to receive these e-mails any more" } }],
  ["arf-18.eml", { kind: "notice", feedbackType: "auth-failure", message: "The recipient's mail provider reported that the e-mail failed authentication (SPF, DKIM or DMARC)" }],
];

describe("parseFeedbackReport over the complaint corpus", () => {
  it.each(CORPUS)("%s", async (file, expected) => {
    const email = await readFixtureEmail(`complaints/${file}`);
    expect(parseFeedbackReport(email, parseMime(email.raw))).toEqual(expected);
  });

  it("is no report for a bounce or a reply", async () => {
    for (const file of ["bounces/gmail-01.eml", "replies/talon-gmail.eml"]) {
      const email = await readFixtureEmail(file);
      expect(parseFeedbackReport(email, parseMime(email.raw))).toBeNull();
    }
  });
});
