// Whether a campaign e-mail has a link to click, as its body is made (the forecast asks this).
import { describe, expect, it } from "vitest";
import { emailCopyHasLinks } from "./email-content";

describe("emailCopyHasLinks", () => {
  it("finds a link in the variant's own HTML", () => {
    expect(emailCopyHasLinks({ subject: "Hi", html: '<p>See <a href="https://example.com/a">this</a></p>' }, null, "cld_1:st_1:a")).toBe(true);
    expect(emailCopyHasLinks({ subject: "Hi", html: "<p>No link here</p>" }, null, "cld_1:st_1:a")).toBe(false);
  });

  it("finds a web address of a plain body, which the HTML part links", () => {
    expect(emailCopyHasLinks({ subject: "Hi", text: "Our deck: https://example.com/deck." }, null, "cld_1:st_1:a")).toBe(true);
    expect(emailCopyHasLinks({ subject: "Hi", text: "Just saying hello." }, null, "cld_1:st_1:a")).toBe(false);
  });

  it("counts the signature's links, plain or HTML", () => {
    expect(emailCopyHasLinks({ subject: "Hi", text: "Hello" }, '<a href="https://example.com">Site</a>', "cld_1:st_1:a")).toBe(true);
    expect(emailCopyHasLinks({ subject: "Hi", text: "Hello" }, "Ann\nhttps://example.com", "cld_1:st_1:a")).toBe(true);
    expect(emailCopyHasLinks({ subject: "Hi", text: "Hello" }, "Ann, Sales", "cld_1:st_1:a")).toBe(false);
  });
});
