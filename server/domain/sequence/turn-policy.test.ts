import { describe, expect, it } from "vitest";
import {
  ACTION_STEP_TYPES,
  batchStepTypes,
  CANDIDATES_PER_SENDER,
  candidateOrder,
  dueOrder,
  isActionStep,
  isConditionStep,
  isEmailStep,
  mailboxCanActAt,
  mailboxTurnOrder,
  readAnotherBatch,
  senderCanActAt,
  senderTurnOrder,
  turnMailbox,
  turnSender,
} from "./turn-policy";

const AT = Date.parse("2026-03-02T10:00:00Z");

describe("the candidate order", () => {
  it("takes the longest-due lead first, then the first added", () => {
    const leads = [
      { name: "late", waitUntil: AT, seq: 1 },
      { name: "second", waitUntil: AT - 60_000, seq: 9n },
      { name: "first", waitUntil: AT - 60_000, seq: 3n },
      { name: "earliest", waitUntil: AT - 3_600_000, seq: 50 },
    ];
    expect([...leads].sort(dueOrder).map((lead) => lead.name)).toEqual(["earliest", "first", "second", "late"]);
    const unreached = leads.map((lead) => ({ ...lead, followUp: false }));
    expect(unreached.sort(candidateOrder).map((lead) => lead.name)).toEqual(["earliest", "first", "second", "late"]);
  });

  it("takes due follow-ups before leads not reached yet, however long those have been due", () => {
    const leads = [
      { name: "first visit, due for an hour", waitUntil: AT - 3_600_000, seq: 1, followUp: false },
      { name: "message after acceptance, due now", waitUntil: AT, seq: 7, followUp: true },
      { name: "invitation after a visit, due a minute", waitUntil: AT - 60_000, seq: 5, followUp: true },
      { name: "first visit, due a minute", waitUntil: AT - 60_000, seq: 2, followUp: false },
    ];
    expect([...leads].sort(candidateOrder).map((lead) => lead.name)).toEqual([
      "invitation after a visit, due a minute",
      "message after acceptance, due now",
      "first visit, due for an hour",
      "first visit, due a minute",
    ]);
  });
});

describe("the batch rule", () => {
  it("reads another batch only when a full batch found a kind at its cap", () => {
    expect(readAnotherBatch({ size: CANDIDATES_PER_SENDER, cappedBefore: 0, cappedAfter: 1 })).toBe(true);
    expect(readAnotherBatch({ size: CANDIDATES_PER_SENDER, cappedBefore: 1, cappedAfter: 1 })).toBe(false);
    expect(readAnotherBatch({ size: CANDIDATES_PER_SENDER - 1, cappedBefore: 0, cappedAfter: 1 })).toBe(false);
  });

  it("leaves the kinds at their cap out of a batch", () => {
    expect(batchStepTypes(new Set(["invite"]))).toEqual(ACTION_STEP_TYPES.filter((type) => type !== "invite"));
    expect(batchStepTypes(new Set())).toEqual(ACTION_STEP_TYPES);
  });

  it("knows which steps take a turn and which are conditions", () => {
    expect(["visit_profile", "invite", "message", "inmail", "voice_note"].every(isActionStep)).toBe(true);
    expect(isActionStep("email")).toBe(false);
    expect(isActionStep("if_connected") || isActionStep(null)).toBe(false);
    expect(isConditionStep("if_open_profile") && !isConditionStep("invite")).toBe(true);
  });
});

describe("sender turns", () => {
  const sender = { id: "b", connectionStatus: "connected", status: "active", paused: false, cooldownUntil: null, nextActionAt: null };

  it("lets a sender act when it is available and past its gap and cooldown", () => {
    expect(senderCanActAt(turnSender(sender), AT)).toBe(true);
    expect(senderCanActAt(turnSender({ ...sender, paused: true }), AT)).toBe(false);
    expect(senderCanActAt(turnSender({ ...sender, connectionStatus: "reconnect_required" }), AT)).toBe(false);
    expect(senderCanActAt(turnSender({ ...sender, nextActionAt: new Date(AT + 1) }), AT)).toBe(false);
    expect(senderCanActAt(turnSender({ ...sender, nextActionAt: new Date(AT) }), AT)).toBe(true);
    expect(senderCanActAt(turnSender({ ...sender, cooldownUntil: new Date(AT + 60_000) }), AT)).toBe(false);
  });

  it("orders turns by the longest rest (never acted first), then by id", () => {
    const senders = [
      { id: "c", nextActionAt: AT - 1000 },
      { id: "b", nextActionAt: null },
      { id: "a", nextActionAt: AT - 1000 },
      { id: "d", nextActionAt: AT - 5000 },
    ];
    expect([...senders].sort(senderTurnOrder).map((entry) => entry.id)).toEqual(["b", "d", "a", "c"]);
  });
});

describe("mailbox turns", () => {
  const mailbox = { id: "mbx_b", status: "connected", paused: false, nextSendAt: null };

  it("takes e-mail steps, and lets a mailbox send when connected, not paused and past its gap", () => {
    expect(isEmailStep("email") && !isEmailStep("message") && !isEmailStep(null)).toBe(true);
    expect(mailboxCanActAt(turnMailbox(mailbox), AT)).toBe(true);
    expect(mailboxCanActAt(turnMailbox({ ...mailbox, paused: true }), AT)).toBe(false);
    expect(mailboxCanActAt(turnMailbox({ ...mailbox, status: "error" }), AT)).toBe(false);
    expect(mailboxCanActAt(turnMailbox({ ...mailbox, nextSendAt: new Date(AT + 1) }), AT)).toBe(false);
    expect(mailboxCanActAt(turnMailbox({ ...mailbox, nextSendAt: new Date(AT) }), AT)).toBe(true);
  });

  it("lets the longest-resting mailbox send first, never-sent ones before all", () => {
    const mailboxes = [
      { id: "c", nextSendAt: AT },
      { id: "b", nextSendAt: null },
      { id: "a", nextSendAt: AT - 60_000 },
      { id: "a0", nextSendAt: null },
    ];
    expect([...mailboxes].sort(mailboxTurnOrder).map((entry) => entry.id)).toEqual(["a0", "b", "a", "c"]);
  });
});
