// Every web address a user gives Herald that a browser is later sent to (or Herald fetches, or the
// dashboard shows as a link) follows one rule: http or https. A mailbox order's domain forwarding
// address and its payment return address took `javascript:`, `data:` and `file:`.
import { describe, expect, it } from "vitest";
import { ZCreateMailboxHostedLinkInput } from "./mailbox-hosted-link";
import { ZPayMailboxOrderInput, ZQuoteMailboxOrderInput } from "./mailbox-order";
import { ZCreateHostedLinkInput } from "./sender";
import { ZAttachment, ZVoice } from "./sequence";
import { ZCreateWebhookInput, ZUpdateWebhookInput } from "./webhook";
import { webUrl } from "./web-url";

const HOSTILE = ["javascript:alert(document.cookie)", "JavaScript:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd", "vbscript:msgbox", "ftp://example.com/x", "//other-host/x", "http://", "https:// spaced.example"];

const orderDomain = (redirectUrl: unknown) => ({
  domains: [{ name: "acme-mail.com", platform: "google", redirectUrl, mailboxes: [{ localPart: "jane", firstName: "Jane", lastName: "Doe" }] }],
});

/** Each user-given address of the input schemas, with where it sits and an input that puts a value there. */
const FIELDS: Array<{ field: string; parse: (url: unknown) => { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } } }> = [
  { field: "domains.0.redirectUrl", parse: (url) => ZQuoteMailboxOrderInput.safeParse(orderDomain(url)) },
  { field: "returnUrl", parse: (url) => ZPayMailboxOrderInput.safeParse({ returnUrl: url }) },
  { field: "redirectUrl", parse: (url) => ZCreateMailboxHostedLinkInput.safeParse({ provider: "google", redirectUrl: url }) },
  { field: "redirectUrl", parse: (url) => ZCreateHostedLinkInput.safeParse({ redirectUrl: url }) },
  { field: "url", parse: (url) => ZCreateWebhookInput.safeParse({ url, events: ["email.sent"] }) },
  { field: "url", parse: (url) => ZUpdateWebhookInput.safeParse({ url }) },
  { field: "url", parse: (url) => ZVoice.safeParse({ url }) },
  { field: "url", parse: (url) => ZAttachment.safeParse({ name: "Deck", url }) },
];

describe("user-given web addresses", () => {
  it("refuse every scheme but http and https, naming the field", () => {
    for (const { field, parse } of FIELDS) {
      for (const url of HOSTILE) {
        const result = parse(url);
        expect({ field, url, success: result.success }).toEqual({ field, url, success: false });
        expect(result.error!.issues.map((issue) => issue.path.join("."))).toContain(field);
      }
    }
  });

  it("take http and https addresses", () => {
    for (const { field, parse } of FIELDS) {
      for (const url of ["https://acme.com", "http://localhost:3000/back?x=1", "https://app.example.com/orders/ord_1#done"]) {
        expect({ field, url, success: parse(url).success }).toEqual({ field, url, success: true });
      }
    }
  });

  it("say what is expected, with an example", () => {
    const result = webUrl({ example: "https://acme.com" }).safeParse("javascript:alert(1)");
    expect(result.error!.issues[0]!.message).toBe("must be an http(s) URL such as https://acme.com");
    expect(webUrl({ max: 30 }).safeParse(`https://example.com/${"x".repeat(40)}`).error!.issues[0]!.message).toBe("must be at most 30 characters");
  });
});
