import { describe, expect, it } from "vitest";
import { EMAIL_ACTIVITY_CONDITIONS, STEP_TYPES, type StepType } from "@/server/schemas/sequence";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { CONTENT_FIELDS, contentFieldsOf, hasCopy, type ContentField } from "./fields";
import { MENU_ORDER } from "./kinds";

const sample: Record<ContentField, unknown> = {
  text: "t",
  fallbackText: "t",
  html: "<p>h</p>",
  note: "n",
  fallbackNote: "n",
  subject: "s",
  fallbackSubject: "s",
  script: "s",
  fallbackScript: "s",
  prompt: "p",
  attachments: [{ name: "a", url: "https://example.com/a.pdf" }],
  voice: { url: "https://example.com/v.mp3" },
};

function problemsOf(type: StepType, config: Record<string, unknown>): string[] {
  try {
    // An e-mail activity condition needs an e-mail above it.
    const above = EMAIL_ACTIVITY_CONDITIONS.has(type) ? [{ type: "email" as const, config: { subject: "s", text: "t" } }] : [];
    wireSequence({ steps: [...above, { type, config }] });
    return [];
  } catch (error) {
    return ((error as { details?: { fields?: Array<{ field: string; message: string }> } }).details?.fields ?? []).map((issue) => `${issue.field} ${issue.message}`);
  }
}

/** Settings a kind cannot do without (set in the step's settings, not its copy). */
const REQUIRED_SETTINGS: Partial<Record<StepType, Record<string, unknown>>> = { if_has_variable: { variable: "phone" } };

describe("the form's fields per kind", () => {
  it.each(STEP_TYPES)("match what the API accepts for %s", (type) => {
    const accepted = contentFieldsOf(type);
    const config = { ...Object.fromEntries([...accepted].map((field) => [field, sample[field]])), ...REQUIRED_SETTINGS[type] };
    expect(problemsOf(type, config)).toEqual([]);
    for (const field of CONTENT_FIELDS.filter((name) => !accepted.has(name))) {
      expect(problemsOf(type, { ...config, [field]: sample[field] }).join()).toContain("does not belong");
    }
  });

  it("lists every kind in the menu once", () => {
    expect([...MENU_ORDER].sort()).toEqual([...STEP_TYPES].sort());
  });

  it("knows which kinds have copy", () => {
    expect(hasCopy("visit_profile")).toBe(false);
    expect(hasCopy("if_connected")).toBe(false);
    expect(hasCopy("invite")).toBe(true);
  });
});
