import { describe, expect, it } from "vitest";
import {
  decideInmailUnable,
  decideStep,
  MESSAGE_NEEDS_CONNECTION,
  NO_PROFILE,
  NO_RECENT_POST,
  NO_RECORDING,
  VOICE_NOTE_NEEDS_CONNECTION,
  type StepFacts,
} from "./decide-step";
import { HELD_RETRY_MS, SENDER_PAUSED_RETRY_MS } from "./turn-policy";
import { wireSequence } from "./wire-sequence";

const AT = Date.parse("2026-03-02T10:00:00Z");
const HOUR = 3_600_000;

const sequence = wireSequence({
  steps: [
    { id: "visit", type: "visit_profile" },
    { id: "invite", type: "invite", parent: "visit", config: { withdrawDays: 3 } },
    { id: "thanks", type: "message", parent: "invite", branch: "yes", config: { text: "Hi", variants: [{ text: "Hi" }, { text: "Hello" }] } },
    { id: "inmail", type: "inmail", parent: "invite", branch: "no", config: { subject: "s", text: "t" } },
    { id: "check", type: "if_connected", parent: "inmail" },
    { id: "comment", type: "comment_post", parent: "check", branch: "no", config: { prompt: "Say something kind" } },
    { id: "spoken", type: "ai_voice_note", parent: "check", branch: "yes", config: { script: "Hi {{firstName}}" } },
    { id: "recorded", type: "voice_note", parent: "spoken", config: { voice: { url: "https://example.com/hi.ogg" } } },
  ],
});
const step = (id: string) => sequence.steps.find((candidate) => candidate.id === id)!;
const profile = { connected: false, invitationPending: false, openProfile: false };

function facts(id: string, overrides: Partial<StepFacts> = {}): StepFacts {
  return { step: step(id), campaignLeadId: "cl_1", at: AT, listed: null, holder: null, hasProfile: true, profile, inmailBalance: 5, capped: false, ...overrides };
}

describe("decideStep", () => {
  it("lets another campaign's hold come first, and retries an hour later", () => {
    const holder = { campaignId: "c2", campaignName: "Spring", senderName: "Ann" };
    expect(decideStep(facts("thanks", { holder, hasProfile: false }))).toEqual({ kind: "held", holder, retryAt: AT + HELD_RETRY_MS });
  });

  it("fails leads without a LinkedIn profile before reading anything", () => {
    expect(decideStep(facts("visit", { hasProfile: false, profile: null }))).toEqual({ kind: "fail", message: NO_PROFILE });
    expect(decideStep(facts("comment", { hasProfile: false, profile: null }))).toEqual({ kind: "fail", message: NO_PROFILE });
  });

  it("asks for the profile before deciding on it, and ignores conditions", () => {
    expect(decideStep(facts("visit", { profile: null }))).toEqual({ kind: "read-profile" });
    expect(decideStep(facts("check"))).toEqual({ kind: "none" });
  });

  it("resolves an invitation to someone already connected on its yes branch", () => {
    expect(decideStep(facts("invite", { profile: { ...profile, connected: true } }))).toEqual({ kind: "resolve", outcome: "yes", detail: "Already connected", accepted: true });
  });

  it("waits for an invitation that is already pending, for the step's acceptance window, without sending another", () => {
    expect(decideStep(facts("invite", { profile: { ...profile, invitationPending: true } }))).toEqual({
      kind: "await-invitation",
      detail: "An invitation was already pending",
      waitUntil: AT + 3 * 24 * HOUR,
    });
  });

  it("fails a message to someone not connected, naming the variant it would have sent", () => {
    const decision = decideStep(facts("thanks"));
    expect(decision).toMatchObject({ kind: "fail", message: MESSAGE_NEEDS_CONNECTION });
    expect(["a", step("thanks").config.variants[1]!.id]).toContain(decision.kind === "fail" ? decision.variantId : null);
  });

  it("acts with the same variant for the same lead every time, and spreads leads across variants", () => {
    const connected = { ...profile, connected: true };
    const first = decideStep(facts("thanks", { profile: connected }));
    expect(first).toMatchObject({ kind: "act", action: "message" });
    expect(decideStep(facts("thanks", { profile: connected }))).toEqual(first);
    const variants = new Set(Array.from({ length: 40 }, (_, index) => {
      const decision = decideStep(facts("thanks", { profile: connected, campaignLeadId: `cl_${index}` }));
      return decision.kind === "act" ? decision.variant.id : null;
    }));
    expect(variants.size).toBe(2);
  });

  it("reports a kind at its cap only once everything else allows the action", () => {
    expect(decideStep(facts("visit", { capped: true }))).toEqual({ kind: "capped" });
    expect(decideStep(facts("invite", { capped: true, profile: { ...profile, connected: true } }))).toMatchObject({ kind: "resolve", outcome: "yes" });
  });

  it("sends an InMail to an open profile without credits, and otherwise follows whenUnable", () => {
    expect(decideStep(facts("inmail", { inmailBalance: 0, profile: { ...profile, openProfile: true } }))).toMatchObject({ kind: "act", action: "inmail" });
    expect(decideStep(facts("inmail", { inmailBalance: 2 }))).toMatchObject({ kind: "act", action: "inmail" });
    const auto = decideStep(facts("inmail", { inmailBalance: 0 }));
    expect(auto).toEqual({ kind: "pause-sender", reason: "no-inmail-credits", retryAt: AT + SENDER_PAUSED_RETRY_MS });
    const withRule = (whenUnable: "auto" | "pause" | "skip") => ({ ...step("inmail"), config: { ...step("inmail").config, whenUnable } });
    expect(decideStep(facts("inmail", { step: withRule("skip"), inmailBalance: 0 }))).toMatchObject({ kind: "resolve", outcome: "no", accepted: false });
    expect(decideStep(facts("inmail", { step: withRule("pause"), inmailBalance: 0 }))).toMatchObject({ kind: "pause-sender" });
    // LinkedIn refused for lack of credits although Herald counted some: auto continues, pause pauses.
    expect(decideInmailUnable(withRule("auto"), { outOfCredits: false, at: AT })).toMatchObject({ kind: "resolve", outcome: "no" });
    expect(decideInmailUnable(withRule("pause"), { outOfCredits: false, at: AT })).toMatchObject({ kind: "pause-sender" });
    expect(decideInmailUnable(withRule("skip"), { outOfCredits: true, at: AT })).toMatchObject({ kind: "resolve", outcome: "no" });
  });

  describe("drafted kinds", () => {
    const connected = { ...profile, connected: true };

    it("reads a lead's posts before drafting a comment, skips the step without one, and drafts for approval or to post at once", () => {
      expect(decideStep(facts("comment", { profile: null }))).toEqual({ kind: "read-profile" });
      expect(decideStep(facts("comment"))).toEqual({ kind: "read-posts" });
      expect(decideStep(facts("comment", { recentPost: false }))).toEqual({ kind: "skip", detail: NO_RECENT_POST });
      expect(decideStep(facts("comment", { recentPost: true, approvalRequired: true }))).toMatchObject({ kind: "draft", action: "comment", approval: true });
      expect(decideStep(facts("comment", { recentPost: true, approvalRequired: false }))).toMatchObject({ kind: "draft", action: "comment", approval: false });
    });

    it("waits while a draft is pending and sends an approved one, within the kind's cap", () => {
      expect(decideStep(facts("comment", { draft: "pending", recentPost: true }))).toEqual({ kind: "await-approval" });
      expect(decideStep(facts("comment", { draft: "approved" }))).toMatchObject({ kind: "act", action: "comment" });
      expect(decideStep(facts("spoken", { draft: "approved", profile: connected }))).toMatchObject({ kind: "act", action: "voice_note" });
      expect(decideStep(facts("spoken", { draft: "approved", profile: connected, capped: true }))).toEqual({ kind: "capped" });
    });

    it("drafts nothing when the kind is at its cap (no post is read for a comment that could not be posted)", () => {
      expect(decideStep(facts("comment", { capped: true }))).toEqual({ kind: "capped" });
      expect(decideStep(facts("spoken", { capped: true, profile: connected }))).toEqual({ kind: "capped" });
      expect(decideStep(facts("recorded", { capped: true, profile: connected, hasRecording: true, approvalRequired: true }))).toEqual({ kind: "capped" });
    });

    it("sends voice notes only to connections, and speaks an AI note for approval or at once", () => {
      expect(decideStep(facts("spoken"))).toMatchObject({ kind: "fail", message: VOICE_NOTE_NEEDS_CONNECTION });
      expect(decideStep(facts("recorded", { hasRecording: true }))).toMatchObject({ kind: "fail", message: VOICE_NOTE_NEEDS_CONNECTION });
      expect(decideStep(facts("spoken", { profile: connected, approvalRequired: true }))).toMatchObject({ kind: "draft", action: "voice_note", approval: true });
      expect(decideStep(facts("spoken", { profile: connected }))).toMatchObject({ kind: "draft", action: "voice_note", approval: false });
    });

    it("sends a recording at once unless the campaign wants it approved, and fails the lead when its sender has none", () => {
      expect(decideStep(facts("recorded", { profile: connected, hasRecording: true }))).toMatchObject({ kind: "act", action: "voice_note" });
      expect(decideStep(facts("recorded", { profile: connected, hasRecording: true, approvalRequired: true }))).toMatchObject({ kind: "draft", action: "voice_note", approval: true });
      expect(decideStep(facts("recorded", { profile: connected, hasRecording: false }))).toMatchObject({ kind: "fail", message: NO_RECORDING });
    });
  });
});
