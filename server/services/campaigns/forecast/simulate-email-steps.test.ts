// The forecast's mailbox turns, in memory: each mailbox's daily limit counted in its zone, its
// human-like gap between e-mails, schedule windows, skips decided by the core, and e-mail steps
// that move on by their no-reply branch when nobody answers (answers: simulate-email-answers.test.ts).
import { describe, expect, it } from "vitest";
import { MAILBOX_GAP_RANGE_SECONDS, mailboxGapSeconds } from "../../../domain/sequence/human-gaps";
import { wireSequence } from "../../../domain/sequence/wire-sequence";
import { zonedDateString } from "../../../lib/time-zones";
import type { TSequenceInput } from "../../../schemas/sequence";
import { ratesOutcomeModel } from "./rates-outcome-model";
import { simulateCampaigns } from "./simulate-campaigns";
import { EVERY_DAY, HOUR, lead, mailbox, OFFICE, START } from "./sim-email-fixtures";
import type { EmailOutcomeModel, SimLead, SimMailbox, SimSender } from "./simulation-types";

function simulate(input: {
  sequence: TSequenceInput;
  leads: SimLead[];
  mailboxes?: SimMailbox[];
  senders?: SimSender[];
  schedule?: typeof EVERY_DAY;
  mailboxIds?: string[];
  days?: number;
}) {
  return simulateCampaigns({
    start: START,
    end: START + (input.days ?? 10) * 24 * HOUR,
    campaigns: [{ id: "cmp_mail", schedule: input.schedule ?? EVERY_DAY, sequence: wireSequence(input.sequence), active: true, mailboxIds: input.mailboxIds ?? ["mbx_a"] }],
    senders: input.senders ?? [],
    mailboxes: input.mailboxes ?? [mailbox("mbx_a")],
    leads: input.leads,
    model: ratesOutcomeModel({ acceptRate: 1, replyRate: 1, acceptDelayHours: [1, 2], replyDelayHours: [1, 2] }),
    reportCampaignIds: new Set(["cmp_mail"]),
  });
}

const ONE_EMAIL: TSequenceInput = { steps: [{ id: "hello", type: "email", config: { subject: "Hello", text: "Hi" } }] };

describe("mailbox turns in the forecast", () => {
  it("sends within the mailbox's daily limit, counted per day in its zone, with the core's gap between e-mails", () => {
    const leads = Array.from({ length: 7 }, (_, index) => lead(index + 1));
    const result = simulate({ sequence: ONE_EMAIL, leads, mailboxes: [mailbox("mbx_a", { dailyLimit: 3, timezone: "America/New_York", usedToday: 1 })] });
    const sends = leads.map((entry) => result.leads.get(entry.id)!.steps[0]!.at).sort((a, b) => a - b);
    expect(sends).toHaveLength(7);
    // 08:00 UTC is 03:00 in New York: 2 left on the first day, then 3 a day.
    const perDay = new Map<string, number>();
    for (const at of sends) perDay.set(zonedDateString(new Date(at), "America/New_York"), (perDay.get(zonedDateString(new Date(at), "America/New_York")) ?? 0) + 1);
    expect([...perDay.values()]).toEqual([2, 3, 2]);
    // The second e-mail of the first day waits out the gap drawn for the mailbox's first send.
    expect(sends[1]! - sends[0]!).toBeGreaterThanOrEqual(mailboxGapSeconds("mbx_a", 0) * 1000);
    for (let index = 1; index < sends.length; index++) expect(sends[index]! - sends[index - 1]!).toBeGreaterThanOrEqual(MAILBOX_GAP_RANGE_SECONDS[0] * 1000);
    // Reported per day per mailbox, on the campaign's calendar.
    expect([...result.emails.values()].reduce((sum, count) => sum + count, 0)).toBe(7);
    expect([...result.emails.keys()].every((key) => key.startsWith("cmp_mail|") && key.endsWith("|mbx_a"))).toBe(true);
    for (const entry of leads) expect(result.leads.get(entry.id)).toMatchObject({ status: "done", firstActionAt: expect.any(Number) });
  });

  it("moves a lead on by the no-reply branch after the step's delay, never on a reply", () => {
    const sequence: TSequenceInput = {
      steps: [
        { id: "hello", type: "email", nextDelayHours: 48, config: { subject: "Hello", text: "Hi" } },
        { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Again", text: "Still there?" } },
      ],
    };
    const result = simulate({ sequence, leads: [lead(1)] });
    const steps = result.leads.get("cld_1")!.steps;
    expect(steps.map((step) => [step.stepId, step.outcome, step.acted])).toEqual([
      ["hello", "no", true],
      ["again", "no", true],
    ]);
    expect(steps[1]!.at - steps[0]!.at).toBeGreaterThanOrEqual(48 * HOUR);
    expect(steps[1]!.at - steps[0]!.at).toBeLessThan(48 * HOUR + 10 * 60_000);
    expect(result.replied.size).toBe(0);
    expect(result.leads.get("cld_1")!.status).toBe("done");
  });

  it("sends only inside the campaign's schedule, and only for campaigns whose pool holds the mailbox", () => {
    const inside = simulate({ sequence: ONE_EMAIL, leads: [lead(1)], schedule: OFFICE });
    const at = inside.leads.get("cld_1")!.steps[0]!.at;
    expect(new Date(at).toISOString()).toBe("2026-03-02T08:00:00.000Z"); // 09:00 in Paris
    const outside = simulate({ sequence: ONE_EMAIL, leads: [lead(1)], schedule: OFFICE, mailboxIds: ["mbx_other"] });
    expect(outside.leads.get("cld_1")).toMatchObject({ status: "pending", steps: [] });
  });

  it("skips leads without an address or unsubscribed, fails leads of a campaign without mailboxes, and a paused mailbox sends nothing", () => {
    const result = simulate({
      sequence: ONE_EMAIL,
      leads: [lead(1, { email: null }), lead(2, { emailOptOut: true }), lead(3)],
    });
    expect(result.leads.get("cld_1")).toMatchObject({ status: "done", firstActionAt: null, steps: [{ stepId: "hello", outcome: "no", acted: false }] });
    expect(result.leads.get("cld_2")).toMatchObject({ status: "done", firstActionAt: null, steps: [{ stepId: "hello", outcome: "no", acted: false }] });
    expect(result.leads.get("cld_3")).toMatchObject({ status: "done", steps: [{ stepId: "hello", acted: true }] });

    const noPool = simulate({ sequence: ONE_EMAIL, leads: [lead(1, { mailboxId: null })], mailboxIds: [], mailboxes: [] });
    expect(noPool.leads.get("cld_1")).toMatchObject({ status: "failed", steps: [{ stepId: "hello", acted: false }] });

    const paused = simulate({ sequence: ONE_EMAIL, leads: [lead(1)], mailboxes: [mailbox("mbx_a", { available: false })] });
    expect(paused.leads.get("cld_1")).toMatchObject({ status: "pending", steps: [] });
  });

  it("runs LinkedIn and e-mail steps of one lead: the sender visits, then the mailbox writes", () => {
    const sender: SimSender = {
      id: "acc_a",
      timezone: "UTC",
      daily: { invitations: 20, profileViews: 80, postLikes: 50, messages: 50, inmails: 10, comments: 10, follows: 10 },
      weeklyInvitations: 100,
      usedToday: {},
      usedThisWeek: 0,
      nextActionAt: null,
      actionCount: 0,
      available: true,
      cooldownUntil: null,
      inmailBalance: 0,
    };
    const sequence: TSequenceInput = { steps: [{ type: "visit_profile", nextDelayHours: 1 }, { type: "email", config: { subject: "Hello", text: "Hi" } }] };
    const result = simulate({ sequence, leads: [lead(1, { senderId: "acc_a", hasProfile: true })], senders: [sender] });
    const steps = result.leads.get("cld_1")!.steps;
    expect(steps.map((step) => [step.type, step.acted])).toEqual([
      ["visit_profile", true],
      ["email", true],
    ]);
    expect(steps[1]!.at - steps[0]!.at).toBe(HOUR);
    expect([...result.actions.values()].reduce((sum, counts) => sum + counts.profileViews, 0)).toBe(1);
    expect([...result.emails.values()].reduce((sum, count) => sum + count, 0)).toBe(1);
  });
});

describe("opens and clicks in the forecast", () => {
  const sequence: TSequenceInput = {
    steps: [
      { id: "hello", type: "email", nextDelayHours: 24, config: { subject: "Hello", text: "See our offer", html: '<p>See <a href="https://example.com/offer">our offer</a></p>' } },
      // No link at all (an address typed in plain text would be one: the HTML part links it, email-copy-links.test.ts).
      { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Again", text: "Still there? Our offer is on the site." } },
    ],
  };
  // Opens an hour after each e-mail; clicks a minute after the open when the e-mail has a link; the second e-mail to an address is never opened.
  const asked: Array<{ nth: number; hasLinks: boolean; toAddress: string }> = [];
  const emailModel: EmailOutcomeModel = {
    kind: "rates",
    plan(input) {
      asked.push({ nth: input.nth, hasLinks: input.hasLinks, toAddress: input.toAddress });
      if (input.nth > 0) return { openAt: null, clickAt: null };
      return { openAt: input.sentAt + HOUR, clickAt: input.hasLinks ? input.sentAt + HOUR + 60_000 : null };
    },
  };
  const run = (tracking: { opens: boolean; clicks: boolean }, options: { days?: number; emailsBefore?: Array<{ mailboxId: string; address: string; count: number }> } = {}) =>
    simulateCampaigns({
      start: START,
      end: START + (options.days ?? 10) * 24 * HOUR,
      campaigns: [{ id: "cmp_mail", schedule: EVERY_DAY, sequence: wireSequence(sequence), active: true, mailboxIds: ["mbx_a"], tracking }],
      senders: [],
      mailboxes: [mailbox("mbx_a")],
      leads: [lead(1, { email: " Person-1@Example.com " }), lead(2)],
      model: ratesOutcomeModel({ acceptRate: 0, replyRate: 0, acceptDelayHours: [1, 2], replyDelayHours: [1, 2] }),
      emailModel,
      emailsBefore: options.emailsBefore,
      reportCampaignIds: new Set(["cmp_mail"]),
    });

  it("counts tracked opens and clicks within the horizon, asking the model with the address's e-mail count and whether the copy has links", () => {
    asked.length = 0;
    expect(run({ opens: true, clicks: true })).toMatchObject({ emailsOpened: 2, emailsClicked: 2 });
    expect(asked).toEqual([
      { nth: 0, hasLinks: true, toAddress: "person-1@example.com" },
      { nth: 0, hasLinks: true, toAddress: "person-2@example.com" },
      { nth: 1, hasLinks: false, toAddress: "person-1@example.com" },
      { nth: 1, hasLinks: false, toAddress: "person-2@example.com" },
    ]);
    // Untracked clicks are not seen; a tracked click is seen as an open too.
    expect(run({ opens: true, clicks: false })).toMatchObject({ emailsOpened: 2, emailsClicked: 0 });
    expect(run({ opens: false, clicks: true })).toMatchObject({ emailsOpened: 2, emailsClicked: 2 });
    expect(run({ opens: false, clicks: false })).toMatchObject({ emailsOpened: 0, emailsClicked: 0 });
    // A mailbox that does not track sees nothing, whatever the campaign asks.
    expect(
      simulateCampaigns({
        start: START,
        end: START + 10 * 24 * HOUR,
        campaigns: [{ id: "cmp_mail", schedule: EVERY_DAY, sequence: wireSequence(sequence), active: true, mailboxIds: ["mbx_a"], tracking: { opens: true, clicks: true } }],
        senders: [],
        mailboxes: [mailbox("mbx_a", { trackOpens: false, trackClicks: false })],
        leads: [lead(1)],
        model: ratesOutcomeModel({ acceptRate: 0, replyRate: 0, acceptDelayHours: [1, 2], replyDelayHours: [1, 2] }),
        emailModel,
        reportCampaignIds: new Set(["cmp_mail"]),
      }),
    ).toMatchObject({ emailsOpened: 0, emailsClicked: 0 });
    // An open after the horizon is not counted; e-mails sent before the start count for `nth`.
    expect(run({ opens: true, clicks: true }, { days: 1 / 48 })).toMatchObject({ emailsOpened: 0, emailsClicked: 0 });
    expect(run({ opens: true, clicks: true }, { emailsBefore: [{ mailboxId: "mbx_a", address: "person-2@example.com", count: 1 }] })).toMatchObject({ emailsOpened: 1, emailsClicked: 1 });
  });
});
