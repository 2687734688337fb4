import { describe, expect, it } from "vitest";
import { mergeFieldsOf, previewEmail, SAMPLE_LEAD } from "./email-preview";

const variant = {
  subject: "Quick question, {{firstName}}",
  fallbackSubject: "Quick question",
  text: "Hi {{firstName}},\n\nHow does {{company}} send e-mail today?",
  fallbackText: "Hi there,\n\nHow do you send e-mail today?",
};

describe("previewEmail", () => {
  it("fills the placeholders and adds the signature below the body", () => {
    const preview = previewEmail({ variant, fields: SAMPLE_LEAD, signature: "Grace\nHerald Inc.", threadSubject: null, seed: "cld_1:st_1:a" });
    expect(preview.subject).toBe("Quick question, Ada");
    expect(preview.text).toBe("Hi Ada,\n\nHow does Analytical Engines send e-mail today?\n\nGrace\nHerald Inc.");
    expect(preview.html).toBeNull();
    expect(preview).toMatchObject({ missing: [], usedFallback: false });
  });

  it("uses the fallback copy for a lead without a value, and says which placeholder had none", () => {
    const preview = previewEmail({ variant, fields: { firstName: "Lin", company: null }, signature: null, threadSubject: null, seed: "cld_1:st_1:a" });
    expect(preview.subject).toBe("Quick question, Lin");
    expect(preview.text).toBe("Hi there,\n\nHow do you send e-mail today?");
    expect(preview).toMatchObject({ missing: ["company"], usedFallback: true });
  });

  it("answers in the first e-mail's thread with its subject, once prefixed", () => {
    expect(previewEmail({ variant, fields: SAMPLE_LEAD, signature: null, threadSubject: "Quick question, Ada", seed: "cld_1:st_1:a" }).subject).toBe("Re: Quick question, Ada");
    expect(previewEmail({ variant, fields: SAMPLE_LEAD, signature: null, threadSubject: "Re: Hello", seed: "cld_1:st_1:a" }).subject).toBe("Re: Hello");
  });

  it("escapes the lead's values in the HTML body and appends the signature as a paragraph", () => {
    const preview = previewEmail({
      variant: { subject: "Hi", html: "<p>Hello <b>{{company}}</b></p>" },
      fields: { company: "Fish & <Chips>" },
      signature: "Grace",
      threadSubject: null,
      seed: "cld_1:st_1:a",
    });
    expect(preview.html).toBe("<p>Hello <b>Fish &amp; &lt;Chips&gt;</b></p>\n<p>Grace</p>");
  });

  it("reads a campaign lead's fields and custom variables", () => {
    const fields = mergeFieldsOf({ firstName: "Kim", lastName: null, company: "Acme", headline: null, email: "kim@acme.example", customVariables: { role: "CTO" } });
    expect(fields).toMatchObject({ firstName: "Kim", company: "Acme", role: "CTO", email: "kim@acme.example" });
  });
});
