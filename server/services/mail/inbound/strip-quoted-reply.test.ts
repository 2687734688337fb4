// Replies from the corpus (fixtures/replies): whole messages from mailgun/talon (Gmail, Outlook,
// Apple Mail, iPhone, Android, Thunderbird, Yahoo, Hotmail; text and HTML) and reply texts from
// crisp-oss/email-reply-parser (Gmail and Outlook headers wrapped over lines, Outlook for iOS,
// French, German, Italian, Portuguese, Norwegian), plus formats written out here.
import { describe, expect, it } from "vitest";
import { classifyIncomingEmail } from "./classify-incoming-email";
import { readFixtureEmail, readFixtureText } from "../../../test/fixtures/inbound-mail/read-fixture";
import { stripQuotedReply } from "./strip-quoted-reply";

const LOREM = [
  "Fusce bibendum, quam hendrerit sagittis tempor, dui turpis tempus erat, pharetra sodales ante sem sit amet metus.",
  "Nulla malesuada, orci non vulputate lobortis, massa felis pharetra ex, convallis consectetur ex libero eget ante.",
  "Nam vel turpis posuere, rhoncus ligula in, venenatis orci. Duis interdum venenatis ex a rutrum.",
  "Duis ut libero eu lectus consequat consequat ut vel lorem. Vestibulum convallis lectus urna,",
  "et mollis ligula rutrum quis. Fusce sed odio id arcu varius aliquet nec nec nibh.",
].join("\n");
const FINE = "Hi. I am fine.\n\nThanks,\nAlex";

const MESSAGES: Array<[file: string, reply: string]> = [
  ["talon-gmail.eml", "Hello"],
  ["talon-outlook.eml", "Hello"],
  ["talon-apple_mail.eml", "Hello"],
  ["talon-apple_mail_2.eml", "Hello"],
  ["talon-iphone.eml", "Hello"],
  ["talon-android.eml", "Hello"],
  ["talon-thunderbird.eml", "Hello"],
  ["talon-yahoo.eml", "Hello"],
  ["talon-hotmail.eml", "Hello"],
  ["sisimai-is-not-bounce-02.eml", "it shouldn't be considered as bounce"],
];

const TEXTS: Array<[file: string, reply: string]> = [
  ["crisp-gmail_split_line_from.txt", LOREM],
  ["crisp-outlook_split_line_from.txt", LOREM],
  ["crisp-ios_outlook.txt", LOREM],
  ["crisp-german_outlook.txt", LOREM],
  ["crisp-original_message.txt", LOREM],
  ["crisp-fr_multiline.txt", LOREM],
  ["crisp-german.txt", LOREM],
  ["crisp-italian.txt", LOREM],
  ["crisp-portuguese.txt", LOREM],
  ["crisp-norwegian_gmail.txt", LOREM],
  ["crisp-iphone.txt", "Here is another email"],
  ["crisp-tricky_1_on_false_positive.txt", readFixtureText("replies/crisp-tricky_1_on_false_positive.txt").trim()],
  ["crisp-tricky_6_regards_in_sentence.txt", readFixtureText("replies/crisp-tricky_6_regards_in_sentence.txt").trim()],
];

const HTML: Array<[file: string, reply: string]> = [
  ["talon-gmail.html", FINE],
  ["talon-hotmail.html", FINE],
  ["talon-ms_outlook_2010.html", "Hi. I am fine.\nThanks,\nAlex"],
  ["talon-thunderbird.html", "Hi. I am fine.\n\nThanks,\n\nAlex"],
];

describe("stripping quoted history over the reply corpus", () => {
  it.each(MESSAGES)("%s is a reply: %j", async (file, reply) => {
    expect(await classifyIncomingEmail(await readFixtureEmail(`replies/${file}`))).toEqual({ kind: "reply", text: reply });
  });

  it.each(TEXTS)("%s", (file, reply) => {
    expect(stripQuotedReply(readFixtureText(`replies/${file}`))).toBe(reply);
  });

  it.each(HTML)("%s (HTML only)", (file, reply) => {
    expect(stripQuotedReply("", readFixtureText(`replies/${file}`))).toBe(reply);
  });
});

describe("stripping the formats of common clients", () => {
  const answer = "Thursday works, see you then.";
  it.each([
    ["Gmail, wrapped", `${answer}\n\nOn Mon, 2 Mar 2026 at 09:12, Jane Doe <\njane@example.com> wrote:\n\n> Would Thursday work?\n`],
    ["Apple Mail", `${answer}\n\n> On 2 Mar 2026, at 09:12, Jane Doe <jane@example.com> wrote:\n>\n> Would Thursday work?\n`],
    ["Apple Mail, unquoted header", `${answer}\n\nOn 2 Mar 2026, at 09:12, Jane Doe <jane@example.com> wrote:\n\n> Would Thursday work?\n`],
    ["Outlook desktop", `${answer}\n\n-----Original Message-----\nFrom: Jane Doe <jane@example.com>\nSent: Monday, March 2, 2026 9:12 AM\nTo: Bob <bob@example.com>\nSubject: Meeting\n\nWould Thursday work?\n`],
    ["Outlook web", `${answer}\n\n________________________________\nFrom: Jane Doe <jane@example.com>\nSent: Monday, 2 March 2026 09:12\nTo: Bob\nSubject: Meeting\n\nWould Thursday work?\n`],
    ["Outlook, no separator", `${answer}\n\nFrom: Jane Doe <jane@example.com>\nDate: Monday, 2 March 2026 at 09:12\nTo: Bob <bob@example.com>\nSubject: Meeting\n\nWould Thursday work?\n`],
    ["French", `${answer}\n\nLe lun. 2 mars 2026 à 09:12, Jane Doe <jane@example.com> a écrit :\n> Jeudi ?\n`],
    ["German", `${answer}\n\nAm Mo., 2. März 2026 um 09:12 Uhr schrieb Jane Doe <jane@example.com>:\n> Donnerstag?\n`],
    ["Spanish", `${answer}\n\nEl lun, 2 mar 2026 a las 09:12, Jane Doe (<jane@example.com>) escribió:\n> ¿Jueves?\n`],
    ["Dutch", `${answer}\n\nOp ma 2 mrt 2026 om 09:12 schreef Jane Doe <jane@example.com>:\n> Donderdag?\n`],
    ["iPhone signature", `${answer}\n\nSent from my iPhone\n\n> On 2 Mar 2026, at 09:12, Jane Doe <jane@example.com> wrote:\n`],
    ["Outlook for iOS signature", `${answer}\n\nGet Outlook for iOS<https://aka.ms/o0ukef>\n`],
    ["signature delimiter", `${answer}\n\n-- \nBob Smith\nHead of Sales, Example Ltd\n+1 555 0100\n`],
    ["bottom-posting", `On Mon, 2 Mar 2026 at 09:12, Jane Doe <jane@example.com> wrote:\n> Would Thursday work?\n\n${answer}\n`],
  ])("%s", (_, text) => {
    expect(stripQuotedReply(text)).toBe(answer);
  });

  it("Outlook on the web, HTML only", () => {
    const html = [
      '<html><head><style>p { margin: 0 }</style></head><body>',
      '<div style="font-family: Calibri">Thursday works, see you then.</div>',
      '<div id="appendonsend"></div><hr style="display:inline-block;width:98%" tabindex="-1">',
      '<div id="divRplyFwdMsg" dir="ltr"><font face="Calibri"><b>From:</b> Jane Doe &lt;jane@example.com&gt;<br>',
      "<b>Sent:</b> Monday, March 2, 2026 9:12 AM<br><b>To:</b> Bob &lt;bob@example.com&gt;<br><b>Subject:</b> Meeting</font><div>&nbsp;</div></div>",
      "<div>Would Thursday work?</div></body></html>",
    ].join("\n");
    expect(stripQuotedReply("", html)).toBe(answer);
  });

  it("keeps a reply that is all quote rather than return nothing", () => {
    expect(stripQuotedReply("> Would Thursday work?\n")).toBe("> Would Thursday work?");
  });

  it("keeps the words of a reply that only starts like a quote header", () => {
    expect(stripQuotedReply("On Monday we ship the new version.\n\nFrom: the team")).toBe("On Monday we ship the new version.\n\nFrom: the team");
  });
});
