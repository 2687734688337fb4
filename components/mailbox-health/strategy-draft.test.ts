import { describe, expect, it } from "vitest";
import { presetStrategy } from "@/server/domain/mail/warmup-ramp";
import { customChanges, draftOf } from "./strategy-draft";

describe("customChanges", () => {
  const current = presetStrategy("conservative");

  it("sends nothing when nothing changed", () => {
    expect(customChanges(draftOf(current), current)).toEqual({});
  });

  it("sends only the changed values, as numbers, ranges whole", () => {
    const draft = { ...draftOf(current), targetVolume: "30", replyInboxMax: "40" };
    expect(customChanges(draft, current)).toEqual({ targetVolume: 30, replyInbox: [20, 40] });
  });

  it("sends what is not a number as typed, for the server to refuse by name", () => {
    expect(customChanges({ ...draftOf(current), dailyIncrease: "two" }, current)).toEqual({ dailyIncrease: "two" });
  });
});
