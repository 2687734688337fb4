import { describe, expect, it } from "vitest";
import { emailHasLinks, emailLinks } from "./email-links";

describe("emailLinks", () => {
  it("finds the clickable links of the HTML body, leaving out Herald's unsubscribe page", () => {
    const html =
      '<p>See <a class="x" href="https://herald.test/t/c/abc?u=https%3A%2F%2Facme.test&amp;s=x1">our site</a>, <a href="mailto:a@b.test">mail</a>.</p><a href="https://herald.test/u/abc.def">Unsubscribe</a>';
    expect(emailLinks(html, "https://ignored.test")).toEqual(["https://herald.test/t/c/abc?u=https%3A%2F%2Facme.test&s=x1"]);
  });

  it("reads the text body's addresses when there is no HTML body", () => {
    expect(emailHasLinks(null, "Unsubscribe: https://herald.test/u/tok123")).toBe(false);
    expect(emailLinks(null, "Read https://acme.test/pricing, then https://acme.test/faq.")).toEqual(["https://acme.test/pricing", "https://acme.test/faq"]);
    expect(emailHasLinks("<p>No links</p>", "")).toBe(false);
  });
});
