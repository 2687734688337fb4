// What comes back to a mailbox in the forecast, as the executor takes it in when the mailbox is
// read: a reply ends the lead (and the person's other leads with that mailbox), an auto-reply
// nothing, a hard bounce fails the lead and kills the address for every lead, a soft bounce sends
// the step again later (the third counts as hard), a complaint stops the lead and opts the address
// out. All at the pass that reads them.
import { describe, expect, it } from "vitest";
import type { MailboxRateLimits } from "../../../domain/mail/decide-mailbox-pause";
import { SOFT_BOUNCE_RETRY_MS } from "../../../domain/sequence/decide-email-bounce";
import { wireSequence } from "../../../domain/sequence/wire-sequence";
import type { TSequenceInput } from "../../../schemas/sequence";
import { ratesOutcomeModel } from "./rates-outcome-model";
import { EVERY_DAY, HOUR, lead, mailbox, START } from "./sim-email-fixtures";
import type { EmailEvent } from "./sim-world";
import { simulateCampaigns } from "./simulate-campaigns";
import type { EmailOutcomeModel, SimCampaign, SimEmailOutcome, SimLead, SimMailbox } from "./simulation-types";

const MINUTE = 60_000;

const TWO_EMAILS: TSequenceInput = {
  steps: [
    { id: "hello", type: "email", nextDelayHours: 48, config: { subject: "Hello", text: "Hi" } },
    { id: "again", type: "email", parent: "hello", branch: "no", config: { subject: "Again", text: "Still there?" } },
  ],
};

/**
 * Recipients by the start of their address: reply-* answers after an hour and a half, ooo-* sends
 * an out-of-office at once, bounce-* does not exist, soft1-* is full for the first e-mail only,
 * soft-* always, complain-* reports the e-mail as spam after half an hour. Records what it is asked.
 */
function addressModel() {
  const asked: Array<{ toAddress: string; nth: number; sentAt: number }> = [];
  const model: EmailOutcomeModel = {
    kind: "provider",
    plan({ toAddress, nth, sentAt }): SimEmailOutcome {
      asked.push({ toAddress, nth, sentAt });
      const none = { openAt: null, clickAt: null };
      if (toAddress.startsWith("reply")) return { ...none, replyAt: sentAt + 90 * MINUTE };
      if (toAddress.startsWith("ooo")) return { ...none, autoReplyAt: sentAt + 10_000 };
      if (toAddress.startsWith("bounce")) return { ...none, bounce: { kind: "hard", at: sentAt + 5 * MINUTE + 7_000 } };
      if (toAddress.startsWith("soft1") && nth === 0) return { ...none, bounce: { kind: "soft", at: sentAt + 10 * MINUTE } };
      if (toAddress.startsWith("soft-")) return { ...none, bounce: { kind: "soft", at: sentAt + 10 * MINUTE } };
      if (toAddress.startsWith("complain")) return { ...none, complainAt: sentAt + 30 * MINUTE };
      return none;
    },
  };
  return { model, asked };
}

function run(
  leads: SimLead[],
  options: { campaigns?: SimCampaign[]; days?: number; deadAddresses?: string[]; emailEventsBefore?: EmailEvent[]; mailboxes?: SimMailbox[]; mailboxRateLimits?: MailboxRateLimits; optOutStopsLinkedin?: boolean } = {},
) {
  const { model, asked } = addressModel();
  const result = simulateCampaigns({
    start: START,
    end: START + (options.days ?? 6) * 24 * HOUR,
    campaigns: options.campaigns ?? [{ id: "cmp_mail", schedule: EVERY_DAY, sequence: wireSequence(TWO_EMAILS), active: true, mailboxIds: ["mbx_a", "mbx_b"] }],
    senders: [],
    mailboxes: options.mailboxes ?? [mailbox("mbx_a"), mailbox("mbx_b")],
    leads,
    model: ratesOutcomeModel({ acceptRate: 0, replyRate: 0, acceptDelayHours: [1, 2], replyDelayHours: [1, 2] }),
    emailModel: model,
    reportCampaignIds: new Set((options.campaigns ?? [{ id: "cmp_mail" }]).map((campaign) => campaign.id)),
    deadAddresses: options.deadAddresses,
    emailEventsBefore: options.emailEventsBefore,
    mailboxRateLimits: options.mailboxRateLimits,
    optOutStopsLinkedin: options.optOutStopsLinkedin,
  });
  return { result, asked };
}

/** The first whole minute at or after `at`: the pass that reads what arrived. */
const pass = (at: number) => Math.ceil(at / MINUTE) * MINUTE;

describe("replies, bounces and complaints in the forecast", () => {
  it("ends a lead that replies at the pass after the reply, with the person's other leads on that mailbox, and counts it", () => {
    const campaigns: SimCampaign[] = ["cmp_mail", "cmp_other", "cmp_third"].map((id) => ({ id, schedule: EVERY_DAY, sequence: wireSequence(TWO_EMAILS), active: true, mailboxIds: ["mbx_a", "mbx_b"] }));
    const person = { email: "reply-ann@example.com", personId: "lead_ann" };
    const { result } = run(
      [
        lead(1, person),
        // The same person in another campaign with the same mailbox (waiting, paused), and with another mailbox.
        lead(2, { ...person, campaignId: "cmp_other", status: "paused", stepId: "again", waitUntil: START + 24 * HOUR }),
        lead(3, { ...person, campaignId: "cmp_third", mailboxId: "mbx_b", stepId: "again", waitUntil: START + 24 * HOUR }),
        lead(4, { email: "ooo-bob@example.com" }),
      ],
      { campaigns },
    );
    const ann = result.leads.get("cld_1")!;
    expect(ann.steps.map((step) => [step.stepId, step.outcome, step.acted])).toEqual([["hello", null, true]]);
    expect(ann).toMatchObject({ status: "replied", endsAt: pass(ann.steps[0]!.at + 90 * MINUTE) });
    expect(result.leads.get("cld_2")).toMatchObject({ status: "replied", endsAt: ann.endsAt, steps: [] });
    // Its own reply to the other mailbox's e-mail comes later; until then it went its own way.
    expect(result.leads.get("cld_3")!.status).toBe("replied");
    expect(result.leads.get("cld_3")!.endsAt).toBeGreaterThan(ann.endsAt!);
    expect(result.replied).toEqual(new Set(["cld_1", "cld_2", "cld_3"]));
    // An out-of-office is no reply: the lead goes on to its second e-mail.
    expect(result.leads.get("cld_4")).toMatchObject({ status: "done", steps: [{ stepId: "hello", outcome: "no" }, { stepId: "again" }] });
  });

  it("fails a lead whose e-mail bounces hard, and refuses every lead with the address (the do-not-contact list), the dead address's own skip left for leads of a dead address the list does not name", () => {
    const { result } = run([lead(1, { email: "bounce-cy@example.com" }), lead(2, { email: "Bounce-Cy@example.com", waitUntil: START + 24 * HOUR }), lead(3, { email: "dee@example.com" })], {
      deadAddresses: ["DEE@example.com"],
    });
    const cy = result.leads.get("cld_1")!;
    expect(cy).toMatchObject({ status: "failed", steps: [{ stepId: "hello", outcome: null, acted: true }] });
    expect(cy.endsAt).toBe(pass(cy.steps[0]!.at + 5 * MINUTE + 7_000));
    // record-email-bounce.ts lists the dead address: its twin fails at its first step, refused.
    expect(result.leads.get("cld_2")).toMatchObject({ status: "failed", firstActionAt: null, steps: [{ stepId: "hello", outcome: null, acted: false }] });
    expect(result.leads.get("cld_3")).toMatchObject({ status: "done", firstActionAt: null, steps: [{ acted: false }, { acted: false }] });
  });

  it("sends a soft-bounced step again after the retry delay, as the address's next e-mail, and fails the lead at the third soft bounce", () => {
    const { result, asked } = run([lead(1, { email: "soft1-eve@example.com" }), lead(2, { email: "soft-fay@example.com" }), lead(3, { email: "soft-gus@example.com", softBounces: 2 })]);
    const eve = result.leads.get("cld_1")!;
    const eveAsked = asked.filter((entry) => entry.toAddress.startsWith("soft1"));
    expect(eveAsked.map((entry) => entry.nth)).toEqual([0, 1, 2]);
    // One record per step, as the executor's journal: the step's time is its latest send.
    expect(eve.steps.map((step) => [step.stepId, step.at])).toEqual([
      ["hello", eveAsked[1]!.sentAt],
      ["again", eveAsked[2]!.sentAt],
    ]);
    expect(eveAsked[1]!.sentAt).toBeGreaterThanOrEqual(pass(eveAsked[0]!.sentAt + 10 * MINUTE) + SOFT_BOUNCE_RETRY_MS);
    expect(eveAsked[1]!.sentAt).toBeLessThan(pass(eveAsked[0]!.sentAt + 10 * MINUTE) + SOFT_BOUNCE_RETRY_MS + 2 * MINUTE);
    expect(eve.firstActionAt).toBe(eveAsked[0]!.sentAt);
    expect(eve.status).toBe("done");

    const fay = asked.filter((entry) => entry.toAddress.startsWith("soft-fay"));
    expect(fay.map((entry) => entry.nth)).toEqual([0, 1, 2]);
    expect(result.leads.get("cld_2")).toMatchObject({ status: "failed", endsAt: pass(fay[2]!.sentAt + 10 * MINUTE), steps: [{ stepId: "hello", at: fay[2]!.sentAt }] });
    // Two soft bounces before the forecast: the next one is the third.
    expect(asked.filter((entry) => entry.toAddress.startsWith("soft-gus"))).toHaveLength(1);
    expect(result.leads.get("cld_3")!.status).toBe("failed");
  });

  it("stops a lead that complains and lists its address, refusing every lead with it; kept going on LinkedIn, only the opt-out skips its e-mails", () => {
    const leads = () => [lead(1, { email: "complain-hal@example.com" }), lead(2, { email: "complain-hal@example.com", personId: "lead_hal2", waitUntil: START + 2 * HOUR })];
    const { result } = run(leads());
    const hal = result.leads.get("cld_1")!;
    expect(hal).toMatchObject({ status: "stopped", endsAt: pass(hal.steps[0]!.at + 30 * MINUTE), steps: [{ stepId: "hello", acted: true }] });
    expect(result.leads.get("cld_2")).toMatchObject({ status: "failed", firstActionAt: null, steps: [{ acted: false, outcome: null }] });
    const kept = run(leads(), { optOutStopsLinkedin: false });
    expect(kept.result.leads.get("cld_2")).toMatchObject({ status: "done", firstActionAt: null, steps: [{ acted: false, outcome: "no" }, { acted: false, outcome: "no" }] });
  });

  it("pauses a mailbox whose bounce rate passes the limit over enough e-mails, counting its e-mails from before the start", () => {
    const limits = { maxBounceRate: 0.05, maxComplaintRate: 0.005 };
    // 20 readers, then two addresses that do not exist: the second bounce makes 2 of 22 (9%).
    const leads = [...Array.from({ length: 20 }, (_, index) => lead(index + 1)), lead(21, { email: "bounce-x@example.com" }), lead(22, { email: "bounce-y@example.com" })];
    const paused = run(leads, { mailboxRateLimits: limits }).result;
    const sent = (result: typeof paused, stepId: string) => [...result.leads.values()].filter((entry) => entry.steps.some((step) => step.stepId === stepId && step.acted)).length;
    expect(sent(paused, "hello")).toBe(22);
    expect(sent(paused, "again")).toBe(0);
    expect(paused.leads.get("cld_1")).toMatchObject({ status: "running", endsAt: null });
    // Without the limits (or below them), the readers get their second e-mail.
    expect(sent(run(leads).result, "again")).toBe(20);
    expect(sent(run(leads.slice(0, 21), { mailboxRateLimits: limits }).result, "again")).toBe(20);
    // One more bounce is enough when the mailbox bounced before the start, within the window, after its latest pause.
    const before = [{ at: START - HOUR, hard: true, complained: false }];
    const early = run(leads.slice(0, 21), { mailboxRateLimits: limits, mailboxes: [mailbox("mbx_a", { recentSends: before }), mailbox("mbx_b")] }).result;
    expect(sent(early, "again")).toBe(0);
    const resumed = run(leads.slice(0, 21), { mailboxRateLimits: limits, mailboxes: [mailbox("mbx_a", { recentSends: before, pausedAt: START - HOUR / 2 }), mailbox("mbx_b")] }).result;
    expect(sent(resumed, "again")).toBe(20);
  });

  it("takes in what comes back about e-mails sent before the start", () => {
    const waiting = { stepId: "hello", phase: "waiting" as const, status: "running" as const, waitUntil: START + 40 * HOUR };
    const { result } = run([lead(1, { ...waiting, email: "ivy@example.com" }), lead(2, { ...waiting, email: "jon@example.com" })], {
      emailEventsBefore: [
        { at: START + HOUR, kind: "email-reply", leadId: "cld_1", stepId: "hello", mailboxId: "mbx_a", address: "ivy@example.com" },
        { at: START - MINUTE, kind: "email-bounce", severity: "hard", leadId: "cld_2", stepId: "hello", mailboxId: "mbx_a", address: "jon@example.com" },
      ],
    });
    expect(result.leads.get("cld_1")).toMatchObject({ status: "replied", endsAt: START + HOUR });
    expect(result.leads.get("cld_2")).toMatchObject({ status: "failed", endsAt: START });
  });
});
