// The composer's one choice of where a campaign e-mail's links point: the mailbox's verified
// tracking domain over https, else HERALD_URL (domain/mail/tracking-domain.ts, trackingBaseUrl).
import { describe, expect, it } from "vitest";
import { publicUrl } from "../../../env";
import { composeCampaignEmail, type ComposeInput } from "./compose-campaign-email";

function input(overrides: Partial<ComposeInput> = {}): ComposeInput {
  return {
    workspaceId: "wsp_1",
    variant: {
      id: "a",
      subject: "Hi",
      html: `<p>See <a href="https://acme.com/offer">the offer</a>, <a href="https://track.acme.com/page">our page</a> and <a href="${publicUrl()}/x">Herald</a></p>`,
    },
    thread: null,
    spin: { seed: "cld_1:st_1:a" },
    fields: {},
    address: "ann@prospect.example",
    mailbox: { email: "rep@acme.com", signature: null, trackOpens: true, trackClicks: true },
    tracking: { opens: "on", clicks: "on" },
    unsubscribe: { enabled: true, text: "Not interested? {{unsubscribe}}" },
    trackingToken: "token",
    emailMessageId: "eml_1",
    campaignLeadId: "cld_1",
    ...overrides,
  };
}

const verified = { override: null, ofDomain: { host: "track.acme.com", status: "verified" } };

describe("the links of an e-mail from a mailbox with a verified tracking domain", () => {
  it("point the pixel, the tracked links, the unsubscribe link and List-Unsubscribe at https://<tracking host>", () => {
    const email = composeCampaignEmail(input({ trackingDomains: verified }));
    expect(email.html).toContain('<img src="https://track.acme.com/t/o/token.gif"');
    expect(email.html).toContain('href="https://track.acme.com/t/c/token?u=https%3A%2F%2Facme.com%2Foffer&amp;s=');
    expect(email.html).toMatch(/href="https:\/\/track\.acme\.com\/u\/[^"]+"/);
    expect(email.text).toMatch(/\nhttps:\/\/track\.acme\.com\/u\/\S+$/);
    expect(email.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/track\.acme\.com\/u\/[^>]+>, <mailto:rep@acme\.com\?subject=unsubscribe>$/);
    expect(email.html).not.toContain(`${publicUrl()}/t/`);
  });

  it("leaves links to the tracking host itself and to Herald untouched", () => {
    const email = composeCampaignEmail(input({ trackingDomains: verified }));
    expect(email.html).toContain('<a href="https://track.acme.com/page">our page</a>');
    expect(email.html).toContain(`<a href="${publicUrl()}/x">Herald</a>`);
  });

  it("points at HERALD_URL while the tracking domain is pending or failing, or when there is none", () => {
    for (const trackingDomains of [undefined, { override: null, ofDomain: { host: "track.acme.com", status: "pending" } }, { override: { host: "t.acme.io", status: "failing" }, ofDomain: null }]) {
      const email = composeCampaignEmail(input({ trackingDomains }));
      expect(email.html).toContain(`<img src="${publicUrl()}/t/o/token.gif"`);
      expect(email.headers["List-Unsubscribe"]).toContain(`<${publicUrl()}/u/`);
      expect(email.html).not.toContain("track.acme.com/t/");
    }
  });

  it("prefers the mailbox's own verified pick over its domain's", () => {
    const email = composeCampaignEmail(input({ trackingDomains: { override: { host: "links.acme.io", status: "verified" }, ofDomain: verified.ofDomain } }));
    expect(email.html).toContain('<img src="https://links.acme.io/t/o/token.gif"');
  });
});
