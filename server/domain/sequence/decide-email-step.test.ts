import { describe, expect, it } from "vitest";
import {
  decideEmailStep,
  EMAIL_ADDRESS_DEAD,
  EMAIL_OPTED_OUT,
  missingValueHeld,
  missingValueSkipped,
  NO_EMAIL_ADDRESS,
  NO_MAILBOX,
  replySubject,
  threadOnto,
  threadRootOf,
  type EmailStepFacts,
} from "./decide-email-step";
import { DEFAULT_CAMPAIGN_VERIFICATION } from "../../schemas/verification";
import { MAILBOX_GAP_RANGE_SECONDS, mailboxGapSeconds } from "./human-gaps";
import { HELD_RETRY_MS } from "./turn-policy";
import { wireSequence } from "./wire-sequence";

const AT = Date.parse("2026-03-02T10:00:00Z");

const sequence = wireSequence({
  steps: [
    { id: "first", type: "email", config: { subject: "Quick question, {{firstName}}", text: "Hi", variants: [{ subject: "Quick question, {{firstName}}", text: "Hi" }, { subject: "Hello", html: "<p>Hello</p>" }] } },
    { id: "bump", type: "email", parent: "first", config: { subject: "Following up", text: "Any thoughts?" } },
    { id: "fresh", type: "email", parent: "bump", config: { subject: "A new idea", text: "Different topic", newThread: true } },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;

function facts(id: string, overrides: Partial<EmailStepFacts> = {}): EmailStepFacts {
  return {
    sequence,
    step: step(id),
    campaignLeadId: "cld_1",
    at: AT,
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
    fields: { firstName: "Ann" },
    ...overrides,
  };
}

describe("decideEmailStep", () => {
  it("lets another campaign's hold come first, and retries an hour later", () => {
    const holder = { campaignId: "cmp_2", campaignName: "Spring", senderName: null };
    expect(decideEmailStep(facts("first", { holder, address: null, hasMailbox: false }))).toEqual({ kind: "held", holder, retryAt: AT + HELD_RETRY_MS });
  });

  it("skips leads without an address, opted out or bouncing on the no branch, even when the campaign has no mailbox", () => {
    expect(decideEmailStep(facts("first", { address: null, hasMailbox: false }))).toEqual({ kind: "resolve", outcome: "no", detail: NO_EMAIL_ADDRESS });
    expect(decideEmailStep(facts("first", { address: "  " }))).toEqual({ kind: "resolve", outcome: "no", detail: NO_EMAIL_ADDRESS });
    expect(decideEmailStep(facts("first", { optedOut: true, capped: true }))).toEqual({ kind: "resolve", outcome: "no", detail: EMAIL_OPTED_OUT });
    expect(decideEmailStep(facts("first", { deadAddress: true }))).toEqual({ kind: "resolve", outcome: "no", detail: EMAIL_ADDRESS_DEAD });
    expect(NO_EMAIL_ADDRESS).toContain("no e-mail address");
    expect(EMAIL_OPTED_OUT).toContain("unsubscribed");
  });

  it("fails the lead when the campaign has no mailbox, and ends the turn at the daily limit", () => {
    expect(decideEmailStep(facts("first", { hasMailbox: false, capped: true }))).toEqual({ kind: "fail", message: NO_MAILBOX });
    expect(NO_MAILBOX).toMatch(/add one in the campaign's settings/);
    expect(decideEmailStep(facts("first", { capped: true }))).toEqual({ kind: "capped" });
  });

  it("sends the first e-mail in a new thread with the lead's stable variant", () => {
    const decision = decideEmailStep(facts("first"));
    expect(decision).toMatchObject({ kind: "act", thread: null });
    const again = decideEmailStep(facts("first"));
    expect(again).toEqual(decision);
    const chosen = new Set(Array.from({ length: 40 }, (_, index) => {
      const next = decideEmailStep(facts("first", { campaignLeadId: `cld_${index}` }));
      return next.kind === "act" ? next.variant.id : null;
    }));
    expect(chosen.size).toBe(2);
  });

  it("threads a follow-up onto the lead's earlier e-mail: In-Reply-To, References and a Re: subject", () => {
    const first = { messageId: "<a@x.example>", references: [], subject: "Quick question, Ann" };
    expect(decideEmailStep(facts("bump", { previous: first }))).toMatchObject({
      kind: "act",
      thread: { inReplyTo: "<a@x.example>", references: ["<a@x.example>"], subject: "Re: Quick question, Ann" },
    });
    const second = { messageId: "<b@x.example>", references: ["<a@x.example>"], subject: "Re: Quick question, Ann" };
    const third = threadOnto(second);
    expect(third).toEqual({ inReplyTo: "<b@x.example>", references: ["<a@x.example>", "<b@x.example>"], subject: "Re: Quick question, Ann" });
    expect(threadRootOf(third, "<c@x.example>")).toBe("<a@x.example>");
    expect(threadRootOf(null, "<c@x.example>")).toBe("<c@x.example>");
  });

  it("starts a new thread when the step asks for one", () => {
    const previous = { messageId: "<a@x.example>", references: [], subject: "Quick question" };
    expect(decideEmailStep(facts("fresh", { previous }))).toMatchObject({ kind: "act", thread: null, variant: { subject: "A new idea" } });
  });

  it("puts Re: before a subject once, whatever its case", () => {
    expect(replySubject("Hello")).toBe("Re: Hello");
    expect(replySubject("Re: Hello")).toBe("Re: Hello");
    expect(replySubject("RE: Hello")).toBe("RE: Hello");
  });
});

describe("the gap between a mailbox's e-mails", () => {
  it("is a few minutes, stable per mailbox and e-mail count, and varies", () => {
    const gaps = Array.from({ length: 50 }, (_, index) => mailboxGapSeconds("mbx_1", index));
    expect(gaps.every((gap) => gap >= MAILBOX_GAP_RANGE_SECONDS[0] && gap <= MAILBOX_GAP_RANGE_SECONDS[1])).toBe(true);
    expect(new Set(gaps).size).toBeGreaterThan(10);
    expect(mailboxGapSeconds("mbx_1", 7)).toBe(gaps[7]);
    expect(mailboxGapSeconds("mbx_2", 7)).not.toBe(gaps[7]);
  });
});

describe("a placeholder left empty (whenValueMissing)", () => {
  const guarded = (whenValueMissing?: "send" | "skip" | "hold") =>
    wireSequence({
      steps: [
        { id: "first", type: "email", config: { subject: "Quick idea for {{company}}", text: "Hi {{firstName|there}}", whenValueMissing } },
        { id: "bump", type: "email", parent: "first", config: { text: "Hi {{firstName}}, any thoughts?", whenValueMissing } },
      ],
    });
  const decide = (sequence: ReturnType<typeof guarded>, id: string, overrides: Partial<EmailStepFacts> = {}) =>
    decideEmailStep(facts(id, { sequence, step: sequence.steps.find((candidate) => candidate.id === id)!, fields: {}, ...overrides }));

  it("sends anyway by default, the empty value left out", () => {
    expect(decide(guarded(), "first")).toMatchObject({ kind: "act" });
    expect(decide(guarded("send"), "first")).toMatchObject({ kind: "act" });
  });

  it("skips the step on its no branch, or holds the lead with a plain reason", () => {
    expect(decide(guarded("skip"), "first")).toEqual({ kind: "resolve", outcome: "no", detail: missingValueSkipped(["company"]) });
    expect(missingValueSkipped(["company"])).toBe("This lead has no company for the e-mail's {{company}}, which has no fallback: the e-mail step was skipped");
    expect(decide(guarded("hold"), "first", { hasMailbox: false })).toEqual({ kind: "hold", reason: missingValueHeld(["company"]) });
    expect(missingValueHeld(["company", "firstName"])).toMatch(/^Held before an e-mail: this lead has no company and first name for \{\{company\}\}, \{\{firstName\}\}, which have no fallback\. Add .*resume the lead\.$/);
  });

  it("sends when the lead has the value or an inline fallback stands in", () => {
    expect(decide(guarded("hold"), "first", { fields: { company: "Acme" } })).toMatchObject({ kind: "act" });
  });

  it("does not count a reply's subject, which is Re: of the first e-mail's", () => {
    const previous = { messageId: "<a@x.example>", references: [], subject: "Quick idea for Acme" };
    expect(decide(guarded("hold"), "bump", { previous, fields: { firstName: "Ann" } })).toMatchObject({ kind: "act", thread: { subject: "Re: Quick idea for Acme" } });
    expect(decide(guarded("skip"), "bump", { previous })).toEqual({ kind: "resolve", outcome: "no", detail: missingValueSkipped(["firstName"]) });
  });

  it("gives a follow-up without a subject, sent without a thread, the first e-mail's subject (and counts it)", () => {
    expect(decide(guarded("send"), "bump", { fields: { company: "Acme" } })).toMatchObject({ kind: "act", thread: null, variant: { subject: "Quick idea for {{company}}" } });
    expect(decide(guarded("hold"), "bump", { fields: { firstName: "Ann" } })).toEqual({ kind: "hold", reason: missingValueHeld(["company"]) });
  });
});

describe("wiring e-mail steps", () => {
  it("needs no subject for a follow-up in the first e-mail's thread, but does for a new thread", () => {
    const wired = wireSequence({
      steps: [
        { id: "first", type: "email", config: { subject: "Hi", text: "Hi" } },
        { id: "bump", type: "email", parent: "first", config: { text: "Any thoughts?" } },
      ],
    });
    expect(wired.steps[1]!.config.subject).toBeUndefined();
    expect(() =>
      wireSequence({
        steps: [
          { id: "first", type: "email", config: { subject: "Hi", text: "Hi" } },
          { id: "bump", type: "email", parent: "first", config: { text: "Any thoughts?", newThread: true } },
        ],
      }),
    ).toThrow(/steps\.1\.config\.subject: is required: an e-mail that starts a new thread needs a subject line/);
    expect(() => wireSequence({ steps: [{ type: "visit_profile" }, { type: "email", config: { text: "Hi" } }] })).toThrow(/steps\.1\.config\.subject: is required: the lead's first e-mail/);
  });

  it("takes placeholders with inline fallbacks, and keeps whenValueMissing to e-mail steps", () => {
    const wired = wireSequence({ steps: [{ type: "email", config: { subject: "For {{ company | your team }}", text: "Hi {{firstName|there | friend}}", whenValueMissing: "hold" } }] });
    expect(wired.steps[0]!.config.whenValueMissing).toBe("hold");
    expect(() => wireSequence({ steps: [{ type: "message", config: { text: "Hi", whenValueMissing: "skip" } }] })).toThrow(/whenValueMissing: only applies to e-mail steps/);
    expect(() => wireSequence({ steps: [{ type: "message", config: { text: "Hi {{first name|there}}" } }] })).toThrow(/has a placeholder that is not a name/);
    expect(() => wireSequence({ steps: [{ type: "message", config: { text: "Hi {{firstName|{there}}" } }] })).toThrow(/placeholder/);
  });

  it("asks for a subject and a body (text or HTML) in plain words", () => {
    expect(() => wireSequence({ steps: [{ type: "email", config: { text: "Hi" } }] })).toThrow(/subject.*is required: the lead's first e-mail of the campaign needs a subject line/);
    expect(() => wireSequence({ steps: [{ type: "email", config: { subject: "Hi" } }] })).toThrow(/text.*is required: an e-mail needs a body, as plain text or HTML/);
    expect(wireSequence({ steps: [{ type: "email", config: { subject: "Hi", html: "<p>Hi {{firstName}}</p>" } }] }).steps[0]!.config.html).toBe("<p>Hi {{firstName}}</p>");
  });

  it("keeps newThread to e-mail steps and attachments out of them, and checks placeholders in the HTML", () => {
    expect(() => wireSequence({ steps: [{ type: "message", config: { text: "Hi", newThread: true } }] })).toThrow(/newThread: only applies to e-mail steps/);
    expect(() => wireSequence({ steps: [{ type: "email", config: { subject: "Hi", text: "x", attachments: [{ name: "a", url: "https://x.example/a" }] } }] })).toThrow(/attachments: does not belong/);
    expect(() => wireSequence({ steps: [{ type: "email", config: { subject: "Hi", html: "<p>{{first name}}</p>" } }] })).toThrow(/html: has a placeholder/);
  });

  it("limits the HTML body to 100,000 characters", () => {
    expect(() => wireSequence({ steps: [{ type: "email", config: { subject: "Hi", html: "x".repeat(100_001) } }] })).toThrow(/at most 100000 characters/);
  });
});
