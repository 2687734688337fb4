// Spintax in the one content rule: resolved before placeholders, seeded per field, in every body,
// and in the decision core's blank check and a follow-up's borrowed subject.
import { describe, expect, it } from "vitest";
import { DEFAULT_CAMPAIGN_VERIFICATION } from "../../schemas/verification";
import { emailCopyHasLinks, escapeHtml, renderEmailContent } from "../mail/email-content";
import { blankPlaceholders } from "./blank-placeholders";
import { decideEmailStep, type EmailStepFacts } from "./decide-email-step";
import { renderCopy, spinAndFill } from "./render-copy";
import { chooseSpintax, copySeed, fieldSeed } from "./spintax";
import { wireSequence } from "./wire-sequence";

/** Seeds that give each alternative of a two-way choice, found by trying. */
function seedsFor(template: string, wanted: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; found.size < wanted.length && i < 1000; i++) {
    const text = chooseSpintax(template, `s${i}`);
    if (wanted.includes(text) && !found.has(text)) found.set(text, `s${i}`);
  }
  return found;
}

describe("spintax before placeholders", () => {
  it("never spins a lead's value, and keeps it escaped in HTML", () => {
    const fields = { company: "{A|B} <Co>", firstName: "Ann" };
    for (let i = 0; i < 20; i++) {
      expect(renderCopy("{Hi|Hello} {{firstName}} at {{company}}", undefined, fields, `s${i}`).text).toMatch(/^(Hi|Hello) Ann at \{A\|B\} <Co>$/);
      expect(spinAndFill("<p>{Hi|Hello} {{company}}</p>", fields, `s${i}`, escapeHtml).text).toMatch(/^<p>(Hi|Hello) \{A\|B\} &lt;Co&gt;<\/p>$/);
    }
  });

  it("fills placeholders inside the chosen alternative, and reads escaped braces as text", () => {
    const seeds = seedsFor("{{{firstName|there}}|friend}", ["{{firstName|there}}", "friend"]);
    expect(renderCopy("Hi {{{firstName|there}}|friend}", undefined, { firstName: "Ann" }, seeds.get("{{firstName|there}}")!).text).toBe("Hi Ann");
    expect(renderCopy("Hi {{{firstName|there}}|friend}", undefined, { firstName: "Ann" }, seeds.get("friend")!).text).toBe("Hi friend");
    expect(renderCopy(String.raw`Write \{\{firstName\}\} to greet {{firstName}}`, undefined, { firstName: "Ann" }, "x").text).toBe("Write {{firstName}} to greet Ann");
  });

  it("reports blank placeholders of the chosen version only, and of every alternative without a seed", () => {
    const template = "{Hi {{firstName}}|Hello}";
    const seeds = seedsFor(template, ["Hi {{firstName}}", "Hello"]);
    expect(renderCopy(template, undefined, {}, seeds.get("Hi {{firstName}}")!).blank).toEqual(["firstName"]);
    expect(renderCopy(template, undefined, {}, seeds.get("Hello")!).blank).toEqual([]);
    expect(renderCopy(template, undefined, {}, null).blank).toEqual(["firstName"]);
    expect(blankPlaceholders("message", { text: template }, {}, false, { seed: null })).toEqual(["firstName"]);
  });

  it("uses the fallback copy with its own seed when the chosen version leaves a placeholder empty", () => {
    const rendered = renderCopy("Hi {{firstName}}", "{Hello|Hey} there", {}, "seed");
    expect(rendered).toMatchObject({ usedFallback: true, text: chooseSpintax("{Hello|Hey} there", fieldSeed("seed", "fallback")) });
  });
});

describe("spintax in an e-mail", () => {
  it("gives the subject and the body their own seeds, and the text and HTML bodies the same one", () => {
    const variant = { subject: "{a|b|c|d}", text: "{one|two|three|four}", html: "<p>{one|two|three|four}</p>" };
    const pairs = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const content = renderEmailContent({ variant, fields: {}, signature: null, threadSubject: null, spin: { seed: `cld_${i}:st:a` } });
      expect(content.html).toBe(`<p>${content.text}</p>`);
      pairs.add(`${content.subject}/${content.text}`);
    }
    expect(pairs.size).toBe(16);
  });

  it("judges links on the lead's version", () => {
    const variant = { subject: "Hi", text: "{See https://example.com/offer|No link here}" };
    // The body's seed is fieldSeed(seed, "body"): lead seeds split between the two alternatives.
    const seeds = [...Array(200).keys()].map((i) => `cld_${i}:st:a`);
    const linked = seeds.filter((seed) => chooseSpintax(variant.text, fieldSeed(seed, "body")) === "See https://example.com/offer");
    expect(linked.length).toBeGreaterThan(50);
    expect(linked.length).toBeLessThan(150);
    for (const seed of seeds.slice(0, 30)) expect(emailCopyHasLinks(variant, null, seed)).toBe(linked.includes(seed));
  });
});

describe("spintax in the decision core", () => {
  const sequence = wireSequence({
    steps: [
      { id: "first", type: "email", config: { subject: "{Quick|Short|Brief} question for {{company|you}}", text: "Hi" } },
      { id: "bump", type: "email", parent: "first", config: { text: "{Hi {{firstName}}|Hello}, any thoughts?", whenValueMissing: "skip" } },
    ],
  });
  const facts = (campaignLeadId: string, overrides: Partial<EmailStepFacts> = {}): EmailStepFacts => ({
    sequence,
    step: sequence.steps[1]!,
    campaignLeadId,
    at: 0,
    listed: null,
    holder: null,
    address: "ann@example.com",
    optedOut: false,
    deadAddress: false,
    verification: null,
    verificationPolicy: DEFAULT_CAMPAIGN_VERIFICATION,
    verificationDue: false,
    hasMailbox: true,
    capped: false,
    previous: null,
    fields: {},
    ...overrides,
  });

  it("seeds a follow-up's borrowed subject with the first e-mail's seed, so it reads as the first e-mail did", () => {
    const leads = [...Array(40).keys()].map((i) => `cld_${i}`);
    for (const lead of leads) {
      const decision = decideEmailStep(facts(lead, { fields: { firstName: "Ann" } }));
      expect(decision.kind).toBe("act");
      if (decision.kind !== "act") continue;
      expect(decision.spin).toEqual({ seed: copySeed(lead, "bump", "a"), subjectSeed: copySeed(lead, "first", "a") });
      const sentFirst = renderEmailContent({ variant: sequence.steps[0]!.config.variants[0]!, fields: {}, signature: null, threadSubject: null, spin: { seed: copySeed(lead, "first", "a") } });
      const followUp = renderEmailContent({ variant: decision.variant, fields: {}, signature: null, threadSubject: null, spin: decision.spin });
      expect(followUp.subject).toBe(sentFirst.subject);
    }
  });

  it("skips only the leads whose version has the empty placeholder", () => {
    const outcomes = new Set([...Array(60).keys()].map((i) => decideEmailStep(facts(`cld_${i}`)).kind));
    expect(outcomes).toEqual(new Set(["act", "resolve"]));
    for (let i = 0; i < 60; i++) {
      const decision = decideEmailStep(facts(`cld_${i}`));
      const body = chooseSpintax("{Hi {{firstName}}|Hello}, any thoughts?", fieldSeed(copySeed(`cld_${i}`, "bump", "a"), "body"));
      expect(decision.kind).toBe(body.includes("{{firstName}}") ? "resolve" : "act");
    }
  });
});
