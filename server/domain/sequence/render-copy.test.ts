import { describe, expect, it } from "vitest";
import { escapeHtml, renderEmailContent } from "../mail/email-content";
import { fillTemplate, placeholdersIn, renderCopy } from "./render-copy";

describe("fillTemplate", () => {
  it("fills values and uses an inline fallback, with spaces, for a lead without the value", () => {
    expect(fillTemplate("Quick idea for {{company|your team}}", { company: "Acme" }).text).toBe("Quick idea for Acme");
    const filled = fillTemplate("Quick idea for {{ company | your whole team }}", { company: "  " });
    expect(filled).toEqual({ text: "Quick idea for your whole team", missing: ["company"], blank: [] });
  });

  it("keeps pipes after the first one in the fallback", () => {
    expect(fillTemplate("{{company|R&D | Sales}}", {}).text).toBe("R&D | Sales");
  });

  it("leaves a placeholder without value or fallback empty and reports it blank; an empty fallback is chosen", () => {
    expect(fillTemplate("Quick idea for {{company}}", {})).toEqual({ text: "Quick idea for", missing: ["company"], blank: ["company"] });
    expect(fillTemplate("Hi {{firstName|}}, hello", {})).toEqual({ text: "Hi, hello", missing: ["firstName"], blank: [] });
  });

  it("treats an unknown placeholder as a missing value, never an inherited property", () => {
    expect(fillTemplate("Hi {{compnay}} {{constructor}}", { company: "Acme" })).toEqual({ text: "Hi", missing: ["compnay", "constructor"], blank: ["compnay", "constructor"] });
    expect(fillTemplate("Hi {{toString|there}}", {}).text).toBe("Hi there");
  });

  it("escapes the lead's values, not the template's fallback", () => {
    expect(fillTemplate("<b>{{company|R&amp;D}}</b>", { company: "<Moreau & Fils>" }, escapeHtml).text).toBe("<b>&lt;Moreau &amp; Fils&gt;</b>");
    expect(fillTemplate("<b>{{company|R&amp;D}}</b>", {}, escapeHtml).text).toBe("<b>R&amp;D</b>");
  });

  it("lists a template's placeholders with their fallbacks", () => {
    expect(placeholdersIn("{{firstName}} at {{ company | your team }} {{x|}}")).toEqual([
      { name: "firstName", fallback: null },
      { name: "company", fallback: "your team" },
      { name: "x", fallback: "" },
    ]);
  });
});

describe("renderCopy", () => {
  it("uses the whole fallback copy only when a placeholder without its own fallback is empty", () => {
    const template = "Hi {{firstName|there}}, see https://example.com/{{company}}";
    expect(renderCopy(template, "Hello, see https://example.com", {}, "seed").usedFallback).toBe(true);
    const inline = renderCopy("Hi {{firstName|there}}, see https://example.com/demo", "Hello", {}, "seed");
    expect(inline).toMatchObject({ text: "Hi there, see https://example.com/demo", usedFallback: false, missing: ["firstName"], blank: [] });
  });

  it("reports what the fallback copy itself leaves empty", () => {
    expect(renderCopy("Hi {{firstName}}", "Hi {{lastName}}", {}, "seed")).toMatchObject({ text: "Hi", usedFallback: true, blank: ["lastName"] });
  });
});

describe("renderEmailContent", () => {
  it("fills inline fallbacks in the subject and both bodies, escaped in HTML", () => {
    const content = renderEmailContent({
      variant: { subject: "Quick idea for {{company|your team}}", html: "<p>Hi {{firstName|there}} at {{company|your team}}</p>", text: "Hi {{firstName|there}}" },
      fields: { firstName: "<Ann>" },
      signature: null,
      threadSubject: null,
      spin: { seed: "seed" },
    });
    expect(content).toMatchObject({ subject: "Quick idea for your team", html: "<p>Hi &lt;Ann&gt; at your team</p>", text: "Hi <Ann>", missing: ["company"], blank: [] });
  });

  it("reports blank placeholders of the body, and of the subject only when it is the e-mail's own", () => {
    const variant = { subject: "For {{company}}", text: "Hi {{firstName}}" };
    expect(renderEmailContent({ variant, fields: {}, signature: null, threadSubject: null, spin: { seed: "seed" } }).blank).toEqual(["company", "firstName"]);
    expect(renderEmailContent({ variant, fields: {}, signature: null, threadSubject: "Re: For Acme", spin: { seed: "seed" } }).blank).toEqual(["firstName"]);
  });
});
