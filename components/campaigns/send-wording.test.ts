import { describe, expect, it } from "vitest";
import type { TCampaignSendState, TSenderSendState } from "@/server/schemas/campaign-send-state";
import { dueLeadNote, formatZonedMoment, windowNote } from "./send-wording";

// Sunday 22 November 2026, 20:00 in Paris.
const NOW = Date.parse("2026-11-22T19:00:00Z");

const sender = (overrides: Partial<TSenderSendState> = {}): TSenderSendState => ({
  id: "acc_1",
  timezone: "Europe/Berlin",
  capped: [],
  nextActionAt: null,
  cooldownUntil: null,
  ...overrides,
});

const state = (overrides: Partial<TCampaignSendState> = {}): TCampaignSendState => ({
  at: new Date(NOW).toISOString(),
  status: "active",
  timezone: "Europe/Paris",
  windowOpen: true,
  nextWindowOpensAt: new Date(NOW).toISOString(),
  senders: [sender()],
  ...overrides,
});

const dueInvite = { status: "running", waitUntil: null, currentStepType: "invite", linkedinAccountId: "acc_1" };

describe("formatZonedMoment", () => {
  it("gives the weekday and time in the zone, and the date a week or more ahead", () => {
    expect(formatZonedMoment("2026-11-24T08:00:00Z", "Europe/Paris", NOW)).toBe("Tue 09:00");
    expect(formatZonedMoment("2026-11-24T08:00:00Z", "America/New_York", NOW)).toBe("Tue 03:00");
    expect(formatZonedMoment("2026-12-07T08:00:00Z", "Europe/Paris", NOW)).toBe("Mon 7 Dec 09:00");
  });
});

describe("windowNote", () => {
  it("names the next window in the schedule's zone, and nothing while it is open", () => {
    expect(windowNote({ windowOpen: false, nextWindowOpensAt: "2026-11-24T08:00:00Z", timezone: "Europe/Paris" }, NOW)).toBe(
      "Next send window opens Tue 09:00 (Europe/Paris)",
    );
    expect(windowNote({ windowOpen: true, nextWindowOpensAt: new Date(NOW).toISOString(), timezone: "Europe/Paris" }, NOW)).toBeNull();
    expect(windowNote({ windowOpen: false, nextWindowOpensAt: null, timezone: "Europe/Paris" }, NOW)).toBe("The schedule has ended: no send window lies ahead");
  });
});

describe("dueLeadNote", () => {
  it("says Due now only when nothing holds the lead back", () => {
    expect(dueLeadNote(dueInvite, state(), NOW)).toBe("Due now");
    expect(dueLeadNote({ ...dueInvite, waitUntil: "2026-11-22T18:00:00Z" }, state(), NOW)).toBe("Due now");
  });

  it("leaves leads that are not due, or at rest, to their own time", () => {
    expect(dueLeadNote({ ...dueInvite, waitUntil: "2026-11-23T18:00:00Z" }, state(), NOW)).toBeNull();
    expect(dueLeadNote({ ...dueInvite, status: "paused" }, state(), NOW)).toBeNull();
    expect(dueLeadNote({ ...dueInvite, status: "done" }, state(), NOW)).toBeNull();
  });

  it("names the next send window outside the schedule", () => {
    expect(dueLeadNote(dueInvite, state({ windowOpen: false, nextWindowOpensAt: "2026-11-24T08:00:00Z" }), NOW)).toBe(
      "Next send window opens Tue 09:00 (Europe/Paris)",
    );
  });

  it("says a paused campaign must be activated first", () => {
    expect(dueLeadNote(dueInvite, state({ status: "paused" }), NOW)).toBe("Waits until the campaign is activated");
    // A lead placed a few minutes ahead (an import's spacing) waits for the activation all the same.
    const later = { ...dueInvite, waitUntil: new Date(NOW + 10 * 60_000).toISOString() };
    expect(dueLeadNote(later, state({ status: "draft" }), NOW)).toBe("Waits until the campaign is activated");
    expect(dueLeadNote(later, state({ status: "active" }), NOW)).toBeNull();
  });

  it("names the sender's daily or weekly limit for the lead's step, with when it resets", () => {
    const capped = sender({ capped: [{ stepType: "invite", limit: "daily", resetsAt: "2026-11-22T23:00:00Z" }] });
    expect(dueLeadNote(dueInvite, state({ senders: [capped] }), NOW)).toBe("Waiting for the sender's daily invitation limit — resets at 00:00 (Europe/Berlin)");
    // Another step kind is not held by the invitation limit.
    expect(dueLeadNote({ ...dueInvite, currentStepType: "message" }, state({ senders: [capped] }), NOW)).toBe("Due now");
    const weekly = sender({ capped: [{ stepType: "invite", limit: "weekly", resetsAt: "2026-11-22T23:00:00Z" }] });
    expect(dueLeadNote(dueInvite, state({ senders: [weekly] }), NOW)).toBe("Waiting for the sender's weekly invitation limit — resets Mon 00:00 (Europe/Berlin)");
  });

  it("gives the time of the sender's next action after its pause, and a rest LinkedIn imposed", () => {
    expect(dueLeadNote(dueInvite, state({ senders: [sender({ nextActionAt: "2026-11-22T19:04:00Z" })] }), NOW)).toBe(
      "Due — the sender's next action is at 20:04 (Europe/Berlin), after its pause between actions",
    );
    expect(dueLeadNote(dueInvite, state({ senders: [sender({ cooldownUntil: "2026-11-23T01:00:00Z" })] }), NOW)).toBe(
      "The sender rests after LinkedIn slowed it down — until Mon 02:00 (Europe/Berlin)",
    );
  });
});
