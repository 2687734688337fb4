// The one cap rule: the reservation, the forecast's turn and the turns' capped kinds all ask it.
import { describe, expect, it } from "vitest";
import { capReachedBy, cappedStepKinds, stepCapsReached, usageBefore, type CapUsage } from "./sender-limits";

const limits = { daily: { invitations: 2, profileViews: 3, postLikes: 4, messages: 5, inmails: 1, comments: 2, follows: 2 }, weeklyInvitations: 4, weeklyLimitBypassed: false };
const none = (): CapUsage => ({ day: { invitations: 0, profileViews: 0, postLikes: 0, messages: 0, inmails: 0, comments: 0, follows: 0 }, weekInvitations: 0 });
const campaign = { honourWeeklyBypass: false };

describe("capReachedBy", () => {
  it("allows an action while its daily cap has room, and refuses the one past it", () => {
    const used = none();
    used.day.profileViews = 2;
    expect(capReachedBy("profile_view", limits, used, campaign)).toBeNull();
    used.day.profileViews = 3;
    expect(capReachedBy("profile_view", limits, used, campaign)).toEqual({ limit: "daily", cap: "profileViews", max: 3 });
  });

  it("counts a voice note against the messages cap", () => {
    const used = none();
    used.day.messages = 5;
    expect(capReachedBy("voice_note", limits, used, campaign)).toEqual({ limit: "daily", cap: "messages", max: 5 });
    expect(capReachedBy("inmail", limits, used, campaign)).toBeNull();
  });

  it("refuses an invitation at the weekly limit unless a direct action honours the workspace's bypass", () => {
    const used = none();
    used.weekInvitations = 4;
    expect(capReachedBy("invitation", limits, used, campaign)).toEqual({ limit: "weekly", max: 4 });
    expect(capReachedBy("invitation", { ...limits, weeklyLimitBypassed: true }, used, campaign)).toEqual({ limit: "weekly", max: 4 });
    expect(capReachedBy("invitation", { ...limits, weeklyLimitBypassed: true }, used, { honourWeeklyBypass: true })).toBeNull();
    expect(capReachedBy("invitation", limits, used, { honourWeeklyBypass: true })).toEqual({ limit: "weekly", max: 4 });
  });

  it("takes the counts before an action from counts that include it", () => {
    const counted = none();
    counted.day.invitations = 2;
    counted.weekInvitations = 3;
    expect(usageBefore("invitation", counted)).toEqual({ ...none(), day: { ...none().day, invitations: 1 }, weekInvitations: 2 });
    // The second invitation of the day fits a cap of two; the third does not.
    expect(capReachedBy("invitation", limits, usageBefore("invitation", counted), campaign)).toBeNull();
    counted.day.invitations = 3;
    expect(capReachedBy("invitation", limits, usageBefore("invitation", counted), campaign)).toEqual({ limit: "daily", cap: "invitations", max: 2 });
    expect(usageBefore("message", counted).weekInvitations).toBe(3);
  });
});

describe("cappedStepKinds", () => {
  it("leaves out exactly the step kinds whose action the cap rule refuses", () => {
    const used = none();
    expect(cappedStepKinds(limits, used)).toEqual(new Set());
    used.day.messages = 5;
    expect(cappedStepKinds(limits, used)).toEqual(new Set(["message", "ai_voice_note", "voice_note"]));
    used.weekInvitations = 4;
    expect(cappedStepKinds(limits, used)).toEqual(new Set(["message", "ai_voice_note", "voice_note", "invite"]));
  });
});

describe("stepCapsReached", () => {
  it("says which cap stops each capped step kind, the daily one first", () => {
    const used = none();
    used.day.invitations = 2;
    used.weekInvitations = 4;
    used.day.comments = 2;
    expect(stepCapsReached(limits, used)).toEqual([
      { stepType: "invite", cap: { limit: "daily", cap: "invitations", max: 2 } },
      { stepType: "comment_post", cap: { limit: "daily", cap: "comments", max: 2 } },
    ]);
    used.day.invitations = 0;
    expect(stepCapsReached(limits, used)[0]).toEqual({ stepType: "invite", cap: { limit: "weekly", max: 4 } });
  });
});
