import { describe, expect, it } from "vitest";
import { sequenceWithAppliedDefaults } from "@/server/domain/sequence/applied-defaults";
import { wireSequence } from "@/server/domain/sequence/wire-sequence";
import { fromStoredSequence, toSequenceInput } from "./sequence-input";
import { branchTiming } from "./timing";

// The editor reads the campaign as the API shows it: with the acceptance window written out.
const shown = sequenceWithAppliedDefaults(
  wireSequence({
    steps: [
      { id: "derived", type: "invite", config: { withdrawDays: 5 } },
      { id: "set", type: "invite", parent: "derived", branch: "no", config: { withdrawDays: 5 }, branchDelays: { no: 100 } },
    ],
  }),
);

describe("the stored sequence as a draft", () => {
  it("leaves an invitation's derived acceptance window unset, so that withdrawDays keeps moving it", () => {
    const [derived, set] = fromStoredSequence(shown);
    expect(derived!.branchDelays).toEqual({ yes: 0 });
    expect(branchTiming(derived!, "no")).toMatchObject({ hours: 120, defaulted: true });
    expect(branchTiming({ ...derived!, config: { ...derived!.config, withdrawDays: 7 } }, "no")).toMatchObject({ hours: 168 });
    expect(set!.branchDelays).toEqual({ yes: 0, no: 100 });
    expect(toSequenceInput([derived!]).steps[0]!.branchDelays).toEqual({ yes: 0 });
  });
});
