import { describe, expect, it } from "vitest";
import { renderEmailContent } from "@/server/domain/mail/email-content";
import { copySeed } from "@/server/domain/sequence/spintax";
import { anotherVersionShift, previewForLead, SAMPLE_LEAD, versionWords, type ThreadOf } from "./email-preview";

const variant = { id: "b", subject: "{Quick|Short} question for {{company}}", text: "{Hi|Hello|Hey} {{firstName}}, {a|b}" };
const base = { stepId: "st_1", variant, threadOf: null, leadKey: "cld_7", fields: SAMPLE_LEAD, signature: null };

describe("the preview's versions", () => {
  it("shows the version the executor sends to the lead, with its number among the versions", () => {
    const preview = previewForLead({ ...base, shift: 0 });
    const sent = renderEmailContent({ variant, fields: SAMPLE_LEAD, signature: null, threadSubject: null, spin: { seed: copySeed("cld_7", "st_1", "b") } });
    expect({ subject: preview.subject, text: preview.text }).toEqual({ subject: sent.subject, text: sent.text });
    expect(preview.version!.count).toBe(12);
    expect(versionWords(preview.version)).toBe(`Version ${preview.version!.rank + 1} of 12`);
  });

  it("moves to another version on each request, and reaches every version", () => {
    const render = (shift: number) => previewForLead({ ...base, shift });
    const seen = new Set<number>();
    let shift = 0;
    for (let i = 0; i < 200; i++) {
      const next = anotherVersionShift(render, shift);
      expect(render(next).version!.rank).not.toBe(render(shift).version!.rank);
      seen.add(render(next).version!.rank);
      shift = next;
    }
    expect(seen.size).toBe(12);
  });

  it("counts only the body of a follow-up in the thread, whose subject is the first e-mail's as the lead got it", () => {
    const threadOf: ThreadOf = { subject: "{One|Two|Three}", stepId: "st_0", variantId: "a" };
    const preview = previewForLead({ ...base, threadOf, shift: 0 });
    expect(preview.version!.count).toBe(6);
    const first = renderEmailContent({ variant: threadOf, fields: SAMPLE_LEAD, signature: null, threadSubject: null, spin: { seed: copySeed("cld_7", "st_0", "a") } });
    expect(preview.subject).toBe(`Re: ${first.subject}`);
  });

  it("says when there are too many versions to number", () => {
    const many = { ...variant, text: "{a|b|c|d|e|f|g|h|i|j} ".repeat(5) };
    const preview = previewForLead({ ...base, variant: many, shift: 0 });
    expect(preview.version).toBeNull();
    expect(versionWords(preview.version)).toBe("One of more than 10,000 versions");
  });
});
