// The rules the executor and the forecast both apply, each from one place: holding a lead another
// campaign runs, "connected", whose InMails spend a credit, which drafts wait for approval, the rest
// after a turn, and when a due lead's turn can next come.
import { describe, expect, it } from "vitest";
import { DEFAULT_CAMPAIGN_APPROVALS } from "../../schemas/approvals";
import { decideHold, draftNeedsApproval, inmailSpendsCredit, isConnected, profileFacts } from "./decide-step";
import { GAP_RANGE_SECONDS, humanGapSeconds, MAILBOX_GAP_RANGE_SECONDS, mailboxGapSeconds, mailboxRest, senderRest } from "./human-gaps";
import type { Schedule } from "./schedule";
import { HELD_RETRY_MS, mailboxCanActAt, mailboxFreeFrom, nextDayStarts, nextTurnAt } from "./turn-policy";

const AT = Date.parse("2026-03-02T10:00:00Z"); // a Monday

describe("decideHold", () => {
  it("holds a lead another campaign runs until HELD_RETRY_MS later, and leaves a free one alone", () => {
    const holder = { campaignId: "cmp_other", campaignName: "Other", senderName: "Ann" };
    expect(decideHold(holder, AT)).toEqual({ kind: "held", holder, retryAt: AT + HELD_RETRY_MS });
    expect(decideHold(null, AT)).toBeNull();
  });
});

describe("connected and open profiles", () => {
  it("counts only a first-degree connection as connected", () => {
    expect(isConnected({ connectionDegree: 1 })).toBe(true);
    expect(isConnected({ connectionDegree: 2 })).toBe(false);
    expect(isConnected({ connectionDegree: 3 })).toBe(false);
    expect(isConnected({ connectionDegree: null })).toBe(false);
  });

  it("gives the decisions the profile's facts", () => {
    expect(profileFacts({ connectionDegree: 1, invitationPending: false, openProfile: true })).toEqual({ connected: true, invitationPending: false, openProfile: true });
    expect(profileFacts({ connectionDegree: 2, invitationPending: true, openProfile: false })).toEqual({ connected: false, invitationPending: true, openProfile: false });
  });

  it("spends an InMail credit only on a profile that is not open", () => {
    expect(inmailSpendsCredit({ openProfile: true })).toBe(false);
    expect(inmailSpendsCredit({ openProfile: false })).toBe(true);
  });
});

describe("draftNeedsApproval", () => {
  it("follows the campaign's switch for each drafted kind", () => {
    const approvals = { comments: false, aiVoiceNotes: true, recordedVoiceNotes: false };
    expect(draftNeedsApproval(approvals, "comment_post")).toBe(false);
    expect(draftNeedsApproval(approvals, "ai_voice_note")).toBe(true);
    expect(draftNeedsApproval(approvals, "voice_note")).toBe(false);
    const flipped = { comments: true, aiVoiceNotes: false, recordedVoiceNotes: true };
    expect(draftNeedsApproval(flipped, "comment_post")).toBe(true);
    expect(draftNeedsApproval(flipped, "ai_voice_note")).toBe(false);
    expect(draftNeedsApproval(flipped, "voice_note")).toBe(true);
  });

  it("by default holds AI drafts and sends recordings as recorded", () => {
    expect(draftNeedsApproval(DEFAULT_CAMPAIGN_APPROVALS, "comment_post")).toBe(true);
    expect(draftNeedsApproval(DEFAULT_CAMPAIGN_APPROVALS, "ai_voice_note")).toBe(true);
    expect(draftNeedsApproval(DEFAULT_CAMPAIGN_APPROVALS, "voice_note")).toBe(false);
  });
});

describe("rests", () => {
  it("rests a sender the gap drawn from its count before the turn, and counts the turn", () => {
    const rest = senderRest("acc_1", 7, AT);
    expect(rest).toEqual({ until: AT + humanGapSeconds("acc_1", 7) * 1000, count: 8 });
    expect(rest.until - AT).toBeGreaterThanOrEqual(GAP_RANGE_SECONDS[0] * 1000);
    expect(rest.until - AT).toBeLessThanOrEqual(GAP_RANGE_SECONDS[1] * 1000);
  });

  it("rests a mailbox its own longer gap, drawn the same way", () => {
    const rest = mailboxRest("mbx_1", 3, AT);
    expect(rest).toEqual({ until: AT + mailboxGapSeconds("mbx_1", 3) * 1000, count: 4 });
    expect(rest.until - AT).toBeGreaterThanOrEqual(MAILBOX_GAP_RANGE_SECONDS[0] * 1000);
    expect(rest.until - AT).toBeLessThanOrEqual(MAILBOX_GAP_RANGE_SECONDS[1] * 1000);
  });

  it("draws different gaps for different counts (a human does not pause like a metronome)", () => {
    const gaps = new Set(Array.from({ length: 20 }, (_, count) => senderRest("acc_1", count, AT).until));
    expect(gaps.size).toBeGreaterThan(10);
  });
});

describe("when a due lead's turn can next come", () => {
  const weekdays: Schedule = { timezone: "UTC", activeDays: [1, 2, 3, 4, 5], activeHours: { from: "09:00", to: "17:00" } };

  it("is when the lead is due and its sender free, inside the schedule", () => {
    expect(nextTurnAt({ dueAt: AT, freeFrom: AT - 60_000, schedule: weekdays })).toBe(AT);
    expect(nextTurnAt({ dueAt: AT - 60_000, freeFrom: AT + 5 * 60_000, schedule: weekdays })).toBe(AT + 5 * 60_000);
  });

  it("waits for the schedule to open when the lead is due outside it", () => {
    const evening = Date.parse("2026-03-02T18:00:00Z");
    expect(nextTurnAt({ dueAt: evening, freeFrom: 0, schedule: weekdays })).toBe(Date.parse("2026-03-03T09:00:00Z"));
    const friday = Date.parse("2026-03-06T17:30:00Z");
    expect(nextTurnAt({ dueAt: friday, freeFrom: 0, schedule: weekdays })).toBe(Date.parse("2026-03-09T09:00:00Z"));
  });

  it("frees a mailbox at the end of its gap", () => {
    expect(mailboxFreeFrom({ nextSendAt: null })).toBe(0);
    expect(mailboxFreeFrom({ nextSendAt: AT })).toBe(AT);
    expect(mailboxCanActAt({ id: "m", available: true, nextSendAt: AT }, AT - 1)).toBe(false);
    expect(mailboxCanActAt({ id: "m", available: true, nextSendAt: AT }, AT)).toBe(true);
  });

  it("starts a sender's next day at its local midnight", () => {
    expect(nextDayStarts(AT, "UTC")).toBe(Date.parse("2026-03-03T00:00:00Z"));
    expect(nextDayStarts(AT, "America/New_York")).toBe(Date.parse("2026-03-03T05:00:00Z"));
  });
});
