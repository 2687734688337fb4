// decideStep for the like and follow steps: neither needs a connection; a like reads the lead's
// recent posts (within the cap) and skips a lead without one; a follow acts at once; both are capped.
import { describe, expect, it } from "vitest";
import { ACTION_OF_STEP, decideStep, NO_RECENT_POST_TO_LIKE, type StepFacts } from "./decide-step";
import { afterAction } from "./step-timing";
import { isActionStep } from "./turn-policy";
import { wireSequence } from "./wire-sequence";

const AT = Date.parse("2026-03-02T10:00:00Z");
const sequence = wireSequence({
  steps: [
    { id: "invite", type: "invite" },
    { id: "like", type: "like_post", parent: "invite", branch: "yes" },
    { id: "follow", type: "follow", parent: "like" },
    { id: "thanks", type: "message", parent: "follow", config: { text: "Hi" } },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;
const profile = { connected: false, invitationPending: false, openProfile: false };

function facts(id: string, overrides: Partial<StepFacts> = {}): StepFacts {
  return { step: step(id), campaignLeadId: "cl_1", at: AT, listed: null, holder: null, hasProfile: true, profile, inmailBalance: 0, capped: false, ...overrides };
}

describe("like_post and follow", () => {
  it("are sender actions counted as post likes and follows", () => {
    expect([ACTION_OF_STEP.like_post, ACTION_OF_STEP.follow]).toEqual(["post_like", "follow"]);
    expect(isActionStep("like_post") && isActionStep("follow")).toBe(true);
  });

  it("read the profile first", () => {
    expect(decideStep(facts("like", { profile: null }))).toEqual({ kind: "read-profile" });
    expect(decideStep(facts("follow", { profile: null }))).toEqual({ kind: "read-profile" });
  });

  it("likes the latest post once read, and skips a lead without a recent post", () => {
    expect(decideStep(facts("like"))).toEqual({ kind: "read-posts" });
    expect(decideStep(facts("like", { recentPost: true }))).toMatchObject({ kind: "act", action: "post_like" });
    expect(decideStep(facts("like", { recentPost: false }))).toEqual({ kind: "skip", detail: NO_RECENT_POST_TO_LIKE });
  });

  it("follows without a connection", () => {
    expect(decideStep(facts("follow"))).toMatchObject({ kind: "act", action: "follow" });
  });

  it("are capped before anything is read from LinkedIn beyond the profile", () => {
    expect(decideStep(facts("like", { capped: true }))).toEqual({ kind: "capped" });
    expect(decideStep(facts("follow", { capped: true }))).toEqual({ kind: "capped" });
  });

  it("move the lead on once done, waiting for no answer", () => {
    expect(afterAction(sequence, step("like"), new Date(AT)).kind).toBe("place");
    expect(afterAction(sequence, step("follow"), new Date(AT)).kind).toBe("place");
  });
});
