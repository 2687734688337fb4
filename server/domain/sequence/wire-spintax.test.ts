import { describe, expect, it } from "vitest";
import { isHeraldError } from "../../lib/errors";
import { wireSequence } from "./wire-sequence";

/** The field issues wireSequence refuses the sequence with. */
function issuesOf(sequence: unknown): Array<{ field: string; message: string }> {
  try {
    wireSequence(sequence);
  } catch (error) {
    if (isHeraldError(error)) return (error.details as { fields?: Array<{ field: string; message: string }> } | undefined)?.fields ?? [];
    throw error;
  }
  return [];
}

describe("spintax in a sequence's copy", () => {
  it("accepts sound spintax in every copy field, nested and beside placeholders", () => {
    const steps = [
      { type: "invite", config: { note: "{Hi|Hello} {{firstName|there}}", fallbackNote: "{Hi|Hey} there" } },
      { type: "message", config: { text: "{Hi|{Hello|Hey}} {{{firstName}}|there}", fallbackText: "{|Really }nice" } },
      { type: "email", config: { subject: "{Quick|Short} idea", text: String.raw`Costs \{less\} {than|under} $5`, html: "<style>p {color: red}</style><p>{Hi|Hey}</p>" } },
      { type: "task", config: { text: "{Call|Ring} {{firstName}}" } },
    ];
    expect(issuesOf({ steps })).toEqual([]);
  });

  it("refuses broken spintax, naming the field and the character", () => {
    const steps = [
      { type: "email", config: { subject: "Hi", text: "Hello" } },
      { type: "message", config: { text: "Hello" } },
      {
        type: "email",
        config: {
          variants: [
            { subject: "Hello there, {Hi|Hey", text: "Body" },
            { subject: "Hi", text: "Body}" },
          ],
        },
      },
    ];
    expect(issuesOf({ steps })).toEqual([
      { field: "sequence.steps.2.config.variants.0.subject", message: "An opening brace at character 14 is never closed" },
      { field: "sequence.steps.2.config.variants.1.text", message: "A closing brace at character 5 has no opening brace" },
    ]);
  });

  it("checks the fallback copies, scripts and instructions too", () => {
    const steps = [
      { type: "ai_voice_note", config: { script: "{Hi|Hey", fallbackScript: "Hi" } },
      { type: "comment_post", config: { prompt: "Be {brief|short}}" } },
    ];
    expect(issuesOf({ steps }).map((issue) => issue.field)).toEqual(["sequence.steps.0.config.script", "sequence.steps.1.config.prompt"]);
  });

  it("still names a placeholder that is not a name as such", () => {
    expect(issuesOf({ steps: [{ type: "message", config: { text: "Hi {{first name|there}}" } }] })[0]?.message).toMatch(/has a placeholder that is not a name/);
  });
});
