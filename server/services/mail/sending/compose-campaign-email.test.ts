import { describe, expect, it } from "vitest";
import { htmlToText, textToHtml } from "../../../domain/mail/email-content";
import { previewEmail } from "../../../../components/sequence-editor/email-preview";
import { composeCampaignEmail, type ComposeInput } from "./compose-campaign-email";

function input(overrides: Partial<ComposeInput> = {}): ComposeInput {
  return {
    workspaceId: "wsp_1",
    variant: { id: "a", subject: "Hi {{firstName}}", fallbackSubject: "Hi there", text: "Hello {{firstName}} at {{company}}", fallbackText: "Hello there" },
    thread: null,
    spin: { seed: "cld_1:st_1:a" },
    fields: { firstName: "Ann", company: "Acme & Sons" },
    address: "ann@prospect.example",
    mailbox: { email: "rep@sender.example", signature: null, trackOpens: true, trackClicks: true },
    tracking: { opens: "off", clicks: "off" },
    unsubscribe: { enabled: false, text: "" },
    trackingToken: "token",
    emailMessageId: "eml_1",
    campaignLeadId: "cld_1",
    ...overrides,
  };
}

describe("the two bodies", () => {
  it("turns text into escaped HTML paragraphs, keeping single line breaks", () => {
    expect(textToHtml("Hi <Ann>,\n\nLine one\nLine two\n\n\n")).toBe("<p>Hi &lt;Ann&gt;,</p>\n<p>Line one<br>Line two</p>");
    // Web addresses become links (a sentence's last dot stays outside), so click tracking sees them.
    expect(textToHtml("See https://acme.test/demo?a=1&b=2.\nOr http://x.test")).toBe(
      '<p>See <a href="https://acme.test/demo?a=1&amp;b=2">https://acme.test/demo?a=1&amp;b=2</a>.<br>Or <a href="http://x.test">http://x.test</a></p>',
    );
  });

  it("turns HTML into readable text: breaks, paragraphs, list items, link addresses, entities, no scripts", () => {
    const html = '<style>p{}</style><p>Hi&nbsp;Ann &amp; co,</p><p>See <a href="https://x.example/a">the offer</a><br>Thanks</p><ul><li>One</li><li>Two</li></ul><script>alert(1)</script>';
    expect(htmlToText(html)).toBe("Hi Ann & co,\n\nSee the offer (https://x.example/a)\nThanks\n\n- One\n- Two");
  });
});

describe("composeCampaignEmail", () => {
  it("fills placeholders, derives the HTML from the text, and appends a plain signature to both", () => {
    const email = composeCampaignEmail(input({ mailbox: { email: "rep@sender.example", signature: "Rob\nSender Inc", trackOpens: true, trackClicks: true } }));
    expect(email.subject).toBe("Hi Ann");
    expect(email.text).toBe("Hello Ann at Acme & Sons\n\nRob\nSender Inc");
    expect(email.html).toBe("<p>Hello Ann at Acme &amp; Sons</p>\n<p>Rob<br>Sender Inc</p>");
    expect(email.headers).toEqual({});
  });

  it("uses the fallback copy for both bodies when a placeholder has no value", () => {
    const email = composeCampaignEmail(input({ fields: { firstName: null } }));
    expect(email.subject).toBe("Hi there");
    expect(email.text).toBe("Hello there");
    const html = composeCampaignEmail(input({ fields: { firstName: "" }, variant: { id: "a", subject: "Hi", html: "<p>Hi {{firstName}}</p>", fallbackText: "Hi there" } }));
    expect(html).toMatchObject({ text: "Hi there", html: "<p>Hi there</p>" });
  });

  it("escapes the lead's values inside an HTML body and derives the text from it", () => {
    const email = composeCampaignEmail(input({ variant: { id: "a", subject: "Hi", html: "<p>Hello <b>{{company}}</b></p>" } }));
    expect(email.html).toBe("<p>Hello <b>Acme &amp; Sons</b></p>");
    expect(email.text).toBe("Hello Acme & Sons");
  });

  it("keeps a follow-up's thread subject", () => {
    const email = composeCampaignEmail(input({ thread: { inReplyTo: "<a@x>", references: ["<a@x>"], subject: "Re: Hi Ann" } }));
    expect(email.subject).toBe("Re: Hi Ann");
  });

  it("tracks only what both the campaign and the mailbox allow, and puts the unsubscribe line after tracking", () => {
    const variant = { id: "a", subject: "Hi", html: '<p><a href="https://acme.example/x">offer</a></p>' };
    const untracked = composeCampaignEmail(input({ variant, tracking: { opens: "on", clicks: "on" }, mailbox: { email: "rep@sender.example", signature: null, trackOpens: false, trackClicks: false } }));
    expect(untracked.html).toBe(variant.html);
    const tracked = composeCampaignEmail(input({ variant, tracking: { opens: "on", clicks: "off" }, unsubscribe: { enabled: true, text: "Unsubscribe here: {{unsubscribe}}" } }));
    expect(tracked.html).toContain('href="https://acme.example/x"');
    expect(tracked.html).toContain("/t/o/token");
    expect(tracked.html.indexOf("/t/o/token")).toBeLessThan(tracked.html.indexOf("/u/"));
    expect(tracked.text).toMatch(/\n\nUnsubscribe here: unsubscribe\n\S+\/u\/\S+$/);
    expect(tracked.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });

  it("shows the unsubscribe link as a word, its long address last in the text part and unchanged in the List-Unsubscribe headers", () => {
    const email = composeCampaignEmail(input({ unsubscribe: { enabled: true, text: "If you'd rather not hear from me, {{unsubscribe}}." } }));
    const url = /\n(\S+\/u\/\S+)$/.exec(email.text)![1]!;
    expect(url.length).toBeGreaterThan(100);
    expect(email.text).toContain(`If you'd rather not hear from me, unsubscribe.\n${url}`);
    expect(email.html).toContain(`If you&#39;d rather not hear from me, <a href="${url}" style="color:inherit">unsubscribe</a>.`);
    expect(email.headers).toEqual({
      "List-Unsubscribe": `<${url}>, <mailto:rep@sender.example?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("tracks the links of a plain-text body too: its HTML part links them through Herald, its text keeps them as typed", () => {
    const variant = { id: "a", subject: "Hi", text: "The demo: https://acme.example/demo." };
    const email = composeCampaignEmail(input({ variant, tracking: { opens: "off", clicks: "on" } }));
    expect(email.text).toContain("The demo: https://acme.example/demo.");
    expect(email.html).toContain("/t/c/token");
    expect(email.html).not.toContain('href="https://acme.example/demo"');
  });
});

describe("the editor's preview and the sender", () => {
  it("show the same subject and bodies for the same step, lead and signature (tracking and unsubscribe aside)", () => {
    const cases: Array<Partial<ComposeInput>> = [
      {},
      { fields: { company: "Acme" } },
      { variant: { id: "a", subject: "Hi", html: "<p>Hello <b>{{firstName}}</b></p>" }, mailbox: { email: "rep@sender.example", signature: "<i>Rob</i>", trackOpens: false, trackClicks: false } },
      { variant: { id: "a", subject: "Hi", html: "<p>Hello {{firstName}}</p>", text: "Hello {{firstName}}", fallbackText: "Hello" }, fields: {} },
      { thread: { inReplyTo: "<a@x>", references: ["<a@x>"], subject: "Re: First" } },
    ];
    for (const overrides of cases) {
      const given = input(overrides);
      const sent = composeCampaignEmail(given);
      const preview = previewEmail({ variant: given.variant, fields: given.fields, signature: given.mailbox.signature, threadSubject: given.thread ? "First" : null, seed: "cld_1:st_1:a" });
      expect(preview.subject).toBe(sent.subject);
      expect(preview.text).toBe(sent.text);
      if (preview.html !== null) expect(preview.html).toBe(sent.html);
    }
  });
});
