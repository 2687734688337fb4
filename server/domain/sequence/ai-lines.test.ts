import { fieldSeed, spinForFilling } from "./spintax";
import { describe, expect, it } from "vitest";
import { isHeraldError } from "../../lib/errors";
import { EVERY_VERSION, NOTE_TOO_LONG, aiFallbackDetail, inviteNote, aiLineHasLink, aiLinesUsed, aiNamesIn, aiPromptHash, assumedAiFields, decideAiLines, hasAiFacts, type AiLineState } from "./ai-lines";
import { fillTemplate, placeholdersIn, placeholderWords, renderCopy } from "./render-copy";
import { wireSequence } from "./wire-sequence";

const icebreaker = { name: "icebreaker", prompt: "One friendly line about their latest post" };
const step = { type: "email" as const, config: { aiVariables: [icebreaker, { name: "pain", prompt: "A likely pain of their team" }] } };

function issuesOf(input: unknown): Array<{ field: string; message: string }> {
  try {
    wireSequence(input);
  } catch (error) {
    if (isHeraldError(error)) return (error.details?.fields ?? []) as Array<{ field: string; message: string }>;
    throw error;
  }
  return [];
}

describe("placeholders with a dotted AI name", () => {
  it("reads {{ai.name}} with and without an inline fallback", () => {
    expect(placeholdersIn("{{ai.icebreaker}} and {{ ai.pain | hiring }}")).toEqual([
      { name: "ai.icebreaker", fallback: null },
      { name: "ai.pain", fallback: "hiring" },
    ]);
    expect(aiNamesIn({ text: "Hi {{firstName}}, {{ai.icebreaker}}", subject: "{{ai.icebreaker|Hello}}" })).toEqual(["icebreaker"]);
  });

  it("fills an AI line from the fields and falls back like any merge field", () => {
    expect(fillTemplate("Hi {{firstName}}. {{ai.icebreaker}}", { firstName: "Ada", "ai.icebreaker": "Loved your post on engines." }).text).toBe("Hi Ada. Loved your post on engines.");
    expect(fillTemplate("{{ai.icebreaker|Hope your week goes well.}}", { "ai.icebreaker": null }).text).toBe("Hope your week goes well.");
    const whole = renderCopy("Hi. {{ai.icebreaker}}", "Hi, a short note.", { "ai.icebreaker": null }, "seed");
    expect(whole).toMatchObject({ text: "Hi, a short note.", usedFallback: true });
    expect(placeholderWords("ai.icebreaker")).toBe("AI line “icebreaker”");
  });

  it("accepts no other dotted name", () => {
    expect(placeholdersIn("{{lead.name}}")).toEqual([]);
  });
});

describe("declaring AI lines on a step", () => {
  const email = (config: Record<string, unknown>) => ({ steps: [{ type: "email", config: { subject: "Hello", text: "Hi {{ai.icebreaker}}", ...config } }] });

  it("wires a step that declares the lines its copy uses, keeping them and the approval", () => {
    const wired = wireSequence(email({ aiVariables: [icebreaker], aiApproval: "required" }));
    expect(wired.steps[0]!.config.aiVariables).toEqual([icebreaker]);
    expect(wired.steps[0]!.config.aiApproval).toBe("required");
  });

  it("refuses a placeholder naming an undeclared line, naming the field", () => {
    const issues = issuesOf(email({}));
    expect(issues).toEqual([expect.objectContaining({ field: "sequence.steps.0.config.aiVariables", message: expect.stringContaining("{{ai.icebreaker}}") })]);
  });

  it("refuses bad names, repeated names, too many lines and lines on a step without copy", () => {
    expect(issuesOf(email({ aiVariables: [{ name: "Ice breaker", prompt: "x" }] }))[0]!.field).toBe("sequence.steps.0.config.aiVariables.0.name");
    expect(issuesOf(email({ aiVariables: [icebreaker, icebreaker] })).map((issue) => issue.field)).toContain("sequence.steps.0.config.aiVariables.1.name");
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `line${index}`, prompt: "x" }));
    expect(issuesOf(email({ aiVariables: six }))[0]!.message).toMatch(/at most 5/);
    expect(issuesOf(email({ aiVariables: [{ name: "icebreaker", prompt: " " }] }))[0]!.field).toBe("sequence.steps.0.config.aiVariables.0.prompt");
    expect(issuesOf({ steps: [{ type: "visit_profile", config: { aiVariables: [icebreaker] } }] })[0]!.field).toBe("sequence.steps.0.config.aiVariables");
  });
});

describe("decideAiLines", () => {
  const used = aiLinesUsed(step, { text: "{{ai.icebreaker}} {{ai.pain|hiring}}" }, EVERY_VERSION);
  const states = (entries: Record<string, AiLineState>) => new Map(Object.entries(entries));

  it("takes only the declared lines the variant's copy uses", () => {
    expect(used.map((line) => line.name)).toEqual(["icebreaker", "pain"]);
    expect(aiLinesUsed(step, { text: "{{ai.pain}}" }, EVERY_VERSION).map((line) => line.name)).toEqual(["pain"]);
  });

  it("writes lines without a value for their prompt first", () => {
    expect(decideAiLines({ used, states: states({ icebreaker: { status: "ready", value: "x" } }) })).toEqual({ kind: "generate", lines: [used[1]] });
  });

  it("waits while a line awaits approval", () => {
    expect(decideAiLines({ used, states: states({ icebreaker: { status: "pending-approval", value: "x" }, pain: { status: "approved", value: "y" } }) })).toEqual({ kind: "await-approval", names: ["icebreaker"] });
  });

  it("goes on with the values, and the fallback with its reason for the lines it lacks", () => {
    const decision = decideAiLines({ used, states: states({ icebreaker: { status: "rejected", value: "x" }, pain: { status: "failed", reason: "AI credits ran out" } }) });
    expect(decision).toEqual({
      kind: "ready",
      fields: { "ai.icebreaker": null, "ai.pain": null },
      fallbacks: [
        { name: "icebreaker", reason: "The line was rejected in the approvals queue" },
        { name: "pain", reason: "AI credits ran out" },
      ],
    });
    expect(aiFallbackDetail(decision.kind === "ready" ? decision.fallbacks : [])).toMatch(/AI line “pain” \(AI credits ran out\)/);
    expect(decideAiLines({ used, states: states({ icebreaker: { status: "approved", value: "x" }, pain: { status: "ready", value: "y" } }) })).toEqual({
      kind: "ready",
      fields: { "ai.icebreaker": "x", "ai.pain": "y" },
      fallbacks: [],
    });
  });

  it("changes the prompt's fingerprint with the prompt or the length", () => {
    expect(aiPromptHash(icebreaker)).toBe(aiPromptHash({ ...icebreaker, prompt: ` ${icebreaker.prompt} ` }));
    expect(aiPromptHash(icebreaker)).not.toBe(aiPromptHash({ ...icebreaker, prompt: "Something else" }));
    expect(aiPromptHash(icebreaker)).not.toBe(aiPromptHash({ ...icebreaker, maxLength: 100 }));
  });

  it("assumes for the forecast a line for a lead with facts and the fallback for one without", () => {
    expect(hasAiFacts({ firstName: " " })).toBe(false);
    expect(hasAiFacts({ postText: "We shipped" })).toBe(true);
    expect(assumedAiFields(step, { text: "{{ai.icebreaker}}" }, { company: "Acme" })).toEqual({ "ai.icebreaker": "…" });
    expect(assumedAiFields(step, { text: "{{ai.icebreaker}}" }, {})).toEqual({ "ai.icebreaker": null });
  });
});

describe("the lines a lead's version of the copy uses", () => {
  const copy = { subject: "Hello", text: "Hi,\n\n{{{ai.icebreaker}}|{{ai.pain}}}\n\nBest" };
  const seeds = Array.from({ length: 40 }, (_, index) => `lead${index}:first:a`);
  const usedBy = (seed: string) => aiLinesUsed(step, copy, { seed }).map((line) => line.name);

  it("is only the line inside the choice the lead's version takes, as sending spins it", () => {
    for (const seed of seeds) {
      const sent = spinForFilling(copy.text, fieldSeed(seed, "body")).text;
      expect(usedBy(seed)).toEqual([sent.includes("ai.icebreaker") ? "icebreaker" : "pain"]);
    }
    expect(new Set(seeds.map((seed) => usedBy(seed)[0])).size).toBe(2);
  });

  it("reads every alternative for the editor's checks", () => {
    expect(aiLinesUsed(step, copy, EVERY_VERSION).map((line) => line.name)).toEqual(["icebreaker", "pain"]);
  });

  it("seeds a LinkedIn message's text as the executor does, and a fallback by its field's seed", () => {
    const message = { ...step, type: "message" as const };
    const text = { text: "{{{ai.icebreaker}}|Hello}", fallbackText: "{{{ai.pain}}|Hi}" };
    for (const seed of seeds) {
      const names = aiLinesUsed(message, text, { seed }).map((line) => line.name);
      expect(names.includes("icebreaker")).toBe(spinForFilling(text.text, fieldSeed(seed, "text")).text.includes("ai.icebreaker"));
      expect(names.includes("pain")).toBe(spinForFilling(text.fallbackText, fieldSeed(fieldSeed(seed, "text"), "fallback")).text.includes("ai.pain"));
    }
  });
});

describe("aiLineHasLink", () => {
  it("finds web addresses, www., a domain with a path and e-mail addresses", () => {
    for (const value of ["See https://evil.example/x", "go to www.evil.example", "evil.example/win now", "write to me@evil.example"]) expect(aiLineHasLink(value)).toBe(true);
  });
  it("finds a bare domain on a public suffix, which mail apps link", () => {
    for (const value of ["see evil.io", "Visit Evil.com.", "deals at shop.co.uk today"]) expect(aiLineHasLink(value)).toBe(true);
  });
  it("lets ordinary sentences through, abbreviations and decimals too", () => {
    for (const value of ["Loved your post on Acme's launch.", "Congrats on the 2.5x growth, e.g. in sales!", "Your Node.js talk was great", "Congrats on v2.0 and St.Louis"]) expect(aiLineHasLink(value)).toBe(false);
  });
});

describe("inviteNote", () => {
  const variant = { note: "Hi {{firstName}}, {{ai.icebreaker}} Shall we connect?", fallbackNote: "Hi {{firstName|there}}, shall we connect?" };
  const long = "x".repeat(290);

  it("sends the note filled in when it fits LinkedIn's 300 characters", () => {
    expect(inviteNote(variant, { firstName: "Ann", "ai.icebreaker": "Great post." }, "s")).toEqual({ note: "Hi Ann, Great post. Shall we connect?", detail: null });
  });

  it("takes the fallback note, saying why, when an AI line makes the note too long", () => {
    expect(inviteNote(variant, { firstName: "Ann", "ai.icebreaker": long }, "s")).toEqual({ note: "Hi Ann, shall we connect?", detail: `${NOTE_TOO_LONG}, so the fallback note was sent` });
  });

  it("sends no note when there is no fallback note to take", () => {
    expect(inviteNote({ note: variant.note }, { firstName: "Ann", "ai.icebreaker": long }, "s")).toEqual({ note: null, detail: `${NOTE_TOO_LONG}, so the request was sent without a note` });
  });
});
