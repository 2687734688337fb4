// The second sample of the Quick start, activated and driven by the real executor on Herald's clock:
// each of its leads takes the branch it was chosen for (seed-demo-cross-channel-campaign.ts).
import { afterEach, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { driveCampaigns } from "@/server/test/campaign-driver";
import { ZUpdateCampaignInput } from "../../schemas/campaign";
import { updateCampaign } from "../campaigns/update-campaign";
import { CROSS_CHANNEL_LEADS, findableDemoPerson, OPEN_WINDOW_HOURS } from "./seed-demo-cross-channel-campaign";
import { seedDemoCompanyDatabase } from "./seed-demo-company-database";
import { seedDemoWorkspace } from "./seed-demo-workspace";

afterEach(() => setClock(systemClock));

it("sends the e-mail, invites who opened it and follows up with who did not, and finds the address the company database knows", async () => {
  const clock = new ManualClock("2026-03-09T08:00:00Z");
  setClock(clock);
  // The demo's data set, smaller: its first person is the same whatever the size.
  await seedDemoCompanyDatabase({ companies: 40, people: 90 });
  const demo = await seedDemoWorkspace();
  const owner = await db.membership.findFirstOrThrow({ where: { workspaceId: demo.workspaceId, role: "owner" } });
  const actor = { userId: owner.userId, workspaceId: demo.workspaceId, role: "owner" as const, canManageBilling: true };
  const campaignId = demo.crossChannelCampaignId!;
  await updateCampaign(actor, campaignId, ZUpdateCampaignInput.parse({ status: "active" }));

  await driveCampaigns(clock, new Date(clock.now().getTime() + (OPEN_WINDOW_HOURS + 6) * 3_600_000));

  const [leads, journal] = await Promise.all([
    db.campaignLead.findMany({ where: { campaignId }, include: { lead: true } }),
    db.campaignLeadStep.findMany({ where: { campaignId }, select: { campaignLeadId: true, stepId: true, status: true, outcome: true } }),
  ]);
  const byProfile = (profileUrl: string) => {
    const found = leads.find((entry) => entry.lead.profileUrl === profileUrl);
    if (!found) throw new Error(`no lead ${profileUrl}`);
    const steps = journal.filter((step) => step.campaignLeadId === found.id);
    return { lead: found.lead, taken: Object.fromEntries(steps.map((step) => [step.stepId, step.outcome ?? step.status])) };
  };
  const invited = async (leadId: string) => db.senderAction.count({ where: { leadId, type: "invitation", status: { notIn: ["failed", "sending"] } } });
  /** The steps whose e-mails went out to the lead, in order. */
  const emailed = async (leadId: string) =>
    (await db.emailMessage.findMany({ where: { campaignId, leadId, direction: "outbound", sentAt: { not: null } }, orderBy: { sentAt: "asc" }, select: { stepId: true } })).map((email) => email.stepId);

  // Opened the e-mail (an `opener…` address): the invitation, not the follow-up.
  const opener = byProfile(sandboxProfileUrl(CROSS_CHANNEL_LEADS.opener.publicIdentifier));
  expect(opener.taken).toMatchObject({ "has-email": "yes", opened: "yes" });
  expect(opener.taken["follow-up"]).toBeUndefined();
  expect(await invited(opener.lead.id)).toBe(1);
  expect(await emailed(opener.lead.id)).toEqual(["hello"]);

  // Left it unopened for the window: the follow-up, no invitation.
  const unopened = byProfile(sandboxProfileUrl(CROSS_CHANNEL_LEADS.unopened.publicIdentifier));
  expect(unopened.taken).toMatchObject({ "has-email": "yes", opened: "no" });
  expect(await invited(unopened.lead.id)).toBe(0);
  expect(await emailed(unopened.lead.id)).toEqual(["hello", "follow-up"]);

  // No address: the company database's person is found (the address set on the lead, then e-mailed) …
  const person = findableDemoPerson();
  const findable = byProfile(person.profileUrl);
  expect(findable.taken).toMatchObject({ "has-email": "no", find: "yes" });
  expect(findable.lead.email).toBe(person.email);
  expect(await emailed(findable.lead.id)).toEqual(["found-hello"]);
  // … the other is not, and gets the invitation instead.
  const unfindable = byProfile(sandboxProfileUrl(CROSS_CHANNEL_LEADS.unfindable.publicIdentifier));
  expect(unfindable.taken).toMatchObject({ "has-email": "no", find: "no" });
  expect(unfindable.lead.email).toBeNull();
  expect(await invited(unfindable.lead.id)).toBe(1);
});
