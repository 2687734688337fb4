import { describe, expect, it } from "vitest";
import { leadTimelineEvents, type TimelineFacts } from "./lead-timeline-events";

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute));

const facts = (overrides: Partial<TimelineFacts>): TimelineFacts => ({
  campaignLead: { createdAt: at(0), status: "running", finishedAt: null, invitationAcceptedAt: null, error: null },
  stepName: (stepId) => ({ comment: "#1 Comment on post", voice: "#2 AI voice note" })[stepId] ?? stepId,
  journal: [],
  actions: [],
  messages: [],
  emails: [],
  statusChanges: [],
  ...overrides,
});

describe("a lead's timeline with comments and voice notes", () => {
  it("shows a draft waiting for approval, its approval, and the comment posted and voice note sent", () => {
    const events = leadTimelineEvents(
      facts({
        drafts: [
          { kind: "comment", stepId: "comment", stepType: "comment_post", status: "sent", createdAt: at(1), decidedAt: at(5), updatedAt: at(9) },
          { kind: "voice_note", stepId: "voice", stepType: "ai_voice_note", status: "pending", createdAt: at(20), decidedAt: null, updatedAt: at(20) },
        ],
        journal: [{ stepId: "comment", stepType: "comment_post", status: "done", outcome: null, detail: null, actionId: null, startedAt: at(9), finishedAt: at(9) }],
      }),
    );
    expect(events.map((event) => [event.title, event.tone])).toEqual([
      ["Added to the campaign", "neutral"],
      ["#1 Comment on post: comment drafted", "neutral"],
      ["#1 Comment on post: approved", "success"],
      ["#1 Comment on post: comment posted", "neutral"],
      ["#2 AI voice note: voice note spoken, awaiting approval", "warning"],
    ]);
  });

  it("says when a draft was withdrawn because its lead moved on, and shows a rejection as the skipped step", () => {
    const events = leadTimelineEvents(
      facts({
        drafts: [{ kind: "voice_note", stepId: "voice", stepType: "ai_voice_note", status: "cancelled", createdAt: at(1), decidedAt: null, updatedAt: at(30) }],
        journal: [{ stepId: "comment", stepType: "comment_post", status: "skipped", outcome: null, detail: "Comment rejected", actionId: null, startedAt: at(2), finishedAt: at(2) }],
      }),
    );
    expect(events.map((event) => [event.title, event.detail])).toEqual([
      ["Added to the campaign", null],
      ["#2 AI voice note: voice note spoken", null],
      ["#1 Comment on post: skipped", "Comment rejected"],
      ["#2 AI voice note: draft withdrawn, the lead moved on", null],
    ]);
  });
});

describe("a lead's timeline with e-mails that came back", () => {
  const inbound = (kind: string, minute: number) => ({
    id: `in-${kind}`,
    stepId: null,
    direction: "inbound",
    status: "received",
    kind,
    subject: "Re: A question",
    text: "…",
    mailboxName: "Ines' mailbox",
    threaded: true,
    sentAt: at(minute),
    createdAt: at(minute),
    openedAt: null,
    clickedAt: null,
    error: null,
    bouncedAt: null,
    bounceKind: null,
    bounceMessage: null,
    complainedAt: null,
  });

  it("calls only a reply a reply: a bounce notice, a complaint and an out-of-office are named for what they are", () => {
    const events = leadTimelineEvents(facts({ emails: [inbound("bounce", 1), inbound("auto-reply", 2), inbound("complaint", 3), inbound("reply", 4)] }));
    expect(events.map((event) => [event.kind, event.title, event.tone])).toEqual([
      ["added", "Added to the campaign", "neutral"],
      ["email", "Bounce notice from the lead's mail server", "warning"],
      ["email", "Automatic reply by e-mail", "neutral"],
      ["email", "Spam complaint from the lead's mail provider", "error"],
      ["reply", "Replied by e-mail", "success"],
    ]);
  });
});
