import { describe, expect, it } from "vitest";
import { wireSequence } from "./wire-sequence";

const message = (config: Record<string, unknown>) => ({
  steps: [{ id: "thanks", type: "message" as const, config: { text: "A", variants: [{ id: "a", text: "A" }, { id: "b", text: "B" }], ...config } }],
});

describe("wiring a promoted variant", () => {
  const promoted = wireSequence(message({ promotedVariantId: "b" }));

  it("keeps the stored promotion when a save leaves it out (a sequence loaded before the promotion)", () => {
    expect(wireSequence(message({ text: "A, edited", variants: [{ id: "a", text: "A, edited" }, { id: "b", text: "B" }] }), { previous: promoted }).steps[0]!.config.promotedVariantId).toBe("b");
  });

  it("clears it on an explicit null, and drops it with its variant", () => {
    expect(wireSequence(message({ promotedVariantId: null }), { previous: promoted }).steps[0]!.config.promotedVariantId).toBeUndefined();
    expect(wireSequence(message({ variants: [{ id: "a", text: "A" }, { id: "c", text: "C" }] }), { previous: promoted }).steps[0]!.config.promotedVariantId).toBeUndefined();
  });
});
