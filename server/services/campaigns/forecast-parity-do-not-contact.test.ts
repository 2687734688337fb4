// The campaign forecast against the real executor for clean lists (issue 37), scenario t: the
// do-not-contact list refuses a person listed by domain at an e-mail step and one listed by LinkedIn
// profile at a LinkedIn step (each fails with the reason), and the campaign's verification policy
// skips an invalid address's e-mails under "skip" and sends a risky one's under "send". Both read
// the list and the stored verifications and decide through the same core.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now, setClock, systemClock } from "@/server/lib/clock";
import { setMailProvider } from "@/server/providers/mail";
import type { MailProvider } from "@/server/providers/mail/types";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import type { TSequenceInput } from "@/server/schemas/sequence";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { expectParity, forecastOne, world } from "@/server/test/forecast-parity";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { doNotContactRefusal } from "../../domain/do-not-contact/entries";
import { addToDoNotContactList } from "../do-not-contact/add-do-not-contact-entries";
import { saveAddressVerifications } from "../verification/save-address-verifications";
import { addCampaignLeads } from "./add-campaign-leads";
import { createCampaign } from "./create-campaign";
import { updateCampaign } from "./update-campaign";

const CLOSED = sandboxDirectory().filter((prospect) => !prospect.openProfile);
const SCHEDULE = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

afterEach(async () => {
  await db.campaign.updateMany({ where: { status: "active" }, data: { status: "paused" } });
  setMailProvider("sandbox", undefined);
  setClock(systemClock);
});

describe("the forecast against the executor for clean lists, lead by lead", () => {
  it("t. leads listed by domain and by LinkedIn profile refused, an invalid address skipped under skip, a risky one sent under send", async () => {
    const { clock, actor, workspace, senders } = await world("clean", "2026-07-05T10:00:00Z", ["rep0"]);
    // A mail server that takes every e-mail, whose recipients never answer, bounce or complain.
    const server: MailProvider = {
      name: "sandbox",
      verify: () => Promise.resolve(),
      send: async (_mailbox, email) => ({ messageId: email.messageId, acceptedAt: now().toISOString(), response: "250 OK" }),
      findSent: () => Promise.resolve(null),
      fetchIncoming: () => Promise.resolve({ messages: [], cursor: null }),
      planOutcome: () => ({ openAt: null, clickAt: null, replyAt: null, autoReplyAt: null, bounce: null, complainAt: null }),
    };
    setMailProvider("sandbox", server);
    const box = await db.mailbox.create({
      data: { workspaceId: workspace.id, label: "Clean", email: "ada@clean.test", provider: "sandbox", authType: "sandbox", connectedVia: "api", timezone: "Europe/Paris", dailyLimit: 20, createdAt: now(), updatedAt: now() },
    });
    // People with an address are e-mailed twice; the others visited and invited.
    const sequence: TSequenceInput = {
      steps: [
        { id: "check", type: "if_has_email" },
        { id: "hello", type: "email", parent: "check", branch: "yes", nextDelayHours: 24, config: { subject: "Hello {{firstName|there}}", text: "A short note" } },
        { id: "again", type: "email", parent: "hello", branch: "no", nextDelayHours: 24, config: { text: "Following up" } },
        { id: "look", type: "visit_profile", parent: "check", branch: "no", nextDelayHours: 1 },
        { id: "invite", type: "invite", parent: "look", branchDelays: { no: 48 } },
      ],
    };
    const campaign = await createCampaign(
      actor,
      ZCreateCampaignInput.parse({
        name: "Clean",
        linkedinAccountIds: senders,
        emailAccountIds: [box.id],
        sequence,
        schedule: SCHEDULE,
        verification: { invalid: "skip", risky: "send" },
      }),
    );
    const prospects = CLOSED.slice(40, 47);
    const emails = ["ann@blocked-firm.example", null, "bob@nowhere-firm.example", "info@role-firm.example", "cy@good-firm.example", null, "di@good-firm.example"];
    await addCampaignLeads(
      actor,
      campaign.id,
      ZLeadsInput.parse({
        leads: prospects.map((prospect, index) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), ...(emails[index] ? { email: emails[index] } : {}) })),
      }),
    );
    await addToDoNotContactList({
      workspaceId: workspace.id,
      entries: [
        { kind: "domain", value: "blocked-firm.example", reason: "manual" },
        { kind: "linkedin", value: sandboxProfileUrl(prospects[1]!.publicIdentifier), reason: "manual" },
      ],
      at: now(),
    });
    // Verified when the leads were added: one invalid, one risky (the others are verified before their first e-mail).
    await saveAddressVerifications(
      workspace.id,
      [
        { address: "bob@nowhere-firm.example", status: "invalid", check: "no-mail-domain", reason: "the domain nowhere-firm.example receives no e-mail (no MX or A record)" },
        { address: "info@role-firm.example", status: "risky", check: "role", reason: "info@ is a role address, read by a team rather than a person" },
      ],
      now(),
    );

    clock.set("2026-07-06T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 8);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd));

    // The scenario did what it is for, lead by lead.
    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { lead: true, journal: true }, orderBy: { seq: "asc" } });
    const journal = (index: number) => Object.fromEntries(rows[index]!.journal.map((step) => [step.stepId, [step.status, step.detail]]));
    const byDomain = doNotContactRefusal({ kind: "domain", value: "blocked-firm.example" });
    const byProfile = doNotContactRefusal({ kind: "linkedin", value: prospects[1]!.publicIdentifier.toLowerCase() });
    expect(rows[0]).toMatchObject({ status: "failed", error: byDomain });
    expect(journal(0).hello).toEqual(["failed", byDomain]);
    expect(rows[1]).toMatchObject({ status: "failed", error: byProfile });
    expect(journal(1).look).toEqual(["failed", byProfile]);
    expect(journal(2).hello).toEqual(["skipped", expect.stringContaining("receives no e-mail")]);
    expect(journal(2).again).toEqual(["skipped", expect.stringContaining("receives no e-mail")]);
    const sentTo = await db.emailMessage.findMany({ where: { campaignId: campaign.id, direction: "outbound", status: "sent" }, select: { toAddress: true } });
    expect(sentTo.filter((email) => email.toAddress === "info@role-firm.example")).toHaveLength(2);
    expect(sentTo.some((email) => ["ann@blocked-firm.example", "bob@nowhere-firm.example"].includes(email.toAddress))).toBe(false);
    // The addresses without a verification were verified before their first e-mail, and stored.
    expect(await db.addressVerification.count({ where: { workspaceId: workspace.id, address: { in: ["cy@good-firm.example", "di@good-firm.example"] }, status: "valid" } })).toBe(2);
    await expectParity(forecast, before);
  }, 180_000);

  it("t2. a manual task refuses a person listed by company: the lead fails at it with the reason, the others' tasks go in the queue", async () => {
    const { clock, actor, workspace, senders } = await world("clean-tasks", "2026-07-05T10:00:00Z", ["rep0"]);
    const sequence: TSequenceInput = {
      steps: [
        { id: "call", type: "task", nextDelayHours: 1, config: { taskKind: "call", dueHours: 4, text: "Call {{firstName|them}}" } },
        { id: "invite", type: "invite", parent: "call", branchDelays: { no: 48 } },
      ],
    };
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Clean tasks", linkedinAccountIds: senders, sequence, schedule: SCHEDULE }));
    const prospects = CLOSED.slice(60, 63);
    await addCampaignLeads(
      actor,
      campaign.id,
      ZLeadsInput.parse({ leads: prospects.map((prospect, index) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier), company: index === 0 ? "Acme  Corp" : `Firm ${index}` })) }),
    );
    await addToDoNotContactList({ workspaceId: workspace.id, entries: [{ kind: "company", value: "acme corp", reason: "manual" }], at: now() });

    clock.set("2026-07-06T06:00:00Z");
    const { forecast, before } = await forecastOne(actor, campaign.id, 4);
    await updateCampaign(actor, campaign.id, { status: "active" });
    await driveCampaigns(clock, new Date(forecast.horizonEnd), { approveAs: actor, taskOutcome: () => "done" });

    const rows = await db.campaignLead.findMany({ where: { campaignId: campaign.id }, include: { journal: true }, orderBy: { seq: "asc" } });
    const refusal = doNotContactRefusal({ kind: "company", value: "acme corp" });
    expect(rows[0]).toMatchObject({ status: "failed", error: refusal });
    expect(rows[0]!.journal.map((step) => [step.stepId, step.status, step.detail])).toEqual([["call", "failed", refusal]]);
    const tasks = await db.manualTask.findMany({ where: { campaignId: campaign.id } });
    expect(tasks.map((task) => task.campaignLeadId).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
    await expectParity(forecast, before);
  }, 180_000);
});
