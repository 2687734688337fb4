import { describe, expect, it } from "vitest";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { inviteTree } from "../../server/test/fixtures/sequences";
import { toSequenceInput } from "./sequence-input";
import { addVariant, MAX_VARIANTS, removeVariant, setVariantContent, variantLetter } from "./variants";

const thanks = () => inviteTree().steps.find((step) => step.id === "thanks")!;

describe("A/B variants", () => {
  it("keeps the flat copy equal to variant A", () => {
    const step = setVariantContent(thanks(), 0, { text: "New A", fallbackText: "Hello" });
    expect(step.config).toMatchObject({ text: "New A", fallbackText: "Hello" });
    expect(step.config.variants[0]).toEqual({ id: "a", text: "New A", fallbackText: "Hello" });
    const cleared = setVariantContent(step, 0, { fallbackText: "" });
    expect(cleared.config.fallbackText).toBeUndefined();
    expect(cleared.config.variants[0]).toEqual({ id: "a", text: "New A" });
  });

  it("edits a later variant without touching A", () => {
    const step = setVariantContent(thanks(), 1, { text: "New B" });
    expect(step.config.text).toBe("Thanks for connecting, {{firstName}}!");
    expect(step.config.variants[1]).toEqual({ id: "v_b", text: "New B" });
  });

  it("adds a variant as a copy of A, up to five", () => {
    let step = addVariant(thanks(), "v_c");
    expect(step.config.variants[2]).toEqual({ id: "v_c", text: "Thanks for connecting, {{firstName}}!" });
    for (let count = 0; count < 10; count++) step = addVariant(step);
    expect(step.config.variants).toHaveLength(MAX_VARIANTS);
    expect(variantLetter(4)).toBe("E");
  });

  it("removes a variant; removing A makes B the new A and its copy the flat copy", () => {
    const step = removeVariant(thanks(), 0);
    expect(step.config.variants).toEqual([{ id: "v_b", text: "Great to be connected." }]);
    expect(step.config.text).toBe("Great to be connected.");
    expect(removeVariant(step, 0)).toBe(step);
  });

  it("keeps a step's promoted variant when saving, and drops it with the variant", () => {
    const promoted = { ...thanks(), config: { ...thanks().config, promotedVariantId: "v_b" } };
    const input = toSequenceInput([promoted]);
    expect(input.steps[0]!.config).toMatchObject({ promotedVariantId: "v_b" });
    expect(removeVariant(promoted, 0).config.promotedVariantId).toBe("v_b");
    expect(removeVariant(promoted, 1).config.promotedVariantId).toBeUndefined();
  });

  it("saves variants the API accepts", () => {
    const steps = inviteTree().steps.map((step) => (step.id === "thanks" ? setVariantContent(addVariant(step, "v_c"), 2, { text: "C" }) : step));
    const wired = wireSequence(toSequenceInput(steps));
    expect(wired.steps.find((step) => step.id === "thanks")!.config.variants.map((variant) => variant.id)).toEqual(["a", "v_b", "v_c"]);
  });
});
