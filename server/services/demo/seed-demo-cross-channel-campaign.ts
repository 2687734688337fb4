// The Quick start's second sample: a paused campaign across both channels, on the demo's sandbox
// senders and its sandbox mailbox, with open tracking on. Leads with an address get an e-mail; those
// who open it within two days get a connection request, the others a follow-up in the thread. Leads
// without one are looked up in the company database: an address found gets the e-mail, none found
// an invitation instead. Its leads are chosen so that every branch is taken (the e-mail addresses
// on the sandbox mail network behave predictably, see the comments below). Created with the first
// sample, once; never touched again.
import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { profileUrlOf } from "../../lib/linkedin-url";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { DEMO_MAILBOX } from "../../schemas/getting-started";
import { ZLeadsInput, type TLeadInput } from "../../schemas/lead";
import { addCampaignLeads } from "../campaigns/add-campaign-leads";
import { createCampaign } from "../campaigns/create-campaign";
import { generateCompany } from "../company-database/generator/generate-dataset";
import { sandboxProspectsNamed } from "../sandbox/sample-sandbox-prospects";
import { DEMO_COMPANY_DATA } from "./seed-demo-company-database";

export const CROSS_CHANNEL_SAMPLE_NAME = "Sample: e-mail and LinkedIn together";

/** The hours a lead has to open the first e-mail before it gets the follow-up instead of the invitation. */
export const OPEN_WINDOW_HOURS = 48;

/** The sample's leads on the sandbox LinkedIn network (prospects the first sample does not use), by public identifier. */
export const CROSS_CHANNEL_LEADS = {
  /** `opener…` on the sandbox mail network: opens every e-mail within minutes, so takes the invitation. */
  opener: { publicIdentifier: "olivia-muller-030", email: "opener.olivia@quantico-finance.example" },
  /** The network's model has this address leave the first e-mail unopened (and unanswered): it gets the follow-up. */
  unopened: { publicIdentifier: "priya-muller-034", email: "priya.muller@lumen-retail.example" },
  /** Does as the network's model says (it opens the e-mail after about half a day). */
  reader: { publicIdentifier: "ethan-muller-031", email: "ethan.muller@nimbus-cloud.example" },
  /** No address, and none in the company database (no person of that name at a company of that name): invited instead. */
  unfindable: { publicIdentifier: "mateo-muller-035", email: null },
} as const;

/**
 * The lead whose address the company database knows: its generated data set's first person (the
 * data set is the same on every machine, whatever its size). Added as a list exported from a people
 * search is, without the address; find_email finds it by the LinkedIn profile.
 */
export function findableDemoPerson() {
  const { company, people } = generateCompany(DEMO_COMPANY_DATA, 0);
  const person = people[0]!;
  return { firstName: person.firstName, lastName: person.lastName, company: company.name, profileUrl: person.linkedinUrl!, email: person.email!, companyDomain: company.domain! };
}

const sequence = {
  steps: [
    { id: "has-email", type: "if_has_email" },
    {
      id: "hello",
      type: "email",
      parent: "has-email",
      branch: "yes",
      // The condition below waits for the open itself: no reply window before it.
      nextDelayHours: 0,
      // Spintax: each lead gets one version, the same on every retry and in the forecast (docs/campaigns.md).
      config: {
        subject: "{A question|Quick question} about {{company}}, {{firstName}}",
        text: "{Hi|Hello} {{firstName}},\n\nHow does {{company}} find its next customers today? We help teams book more meetings with {less busywork|fewer manual steps}.\n\n{Worth a short call|Open to a short call}?",
      },
    },
    { id: "opened", type: "if_email_opened", parent: "hello", config: { emailStepId: "hello", windowHours: OPEN_WINDOW_HOURS } },
    { id: "invite", type: "invite", parent: "opened", branch: "yes", config: { note: "Hi {{firstName}}, I wrote to you by e-mail and would be glad to connect here too.", fallbackNote: "Hi, would be glad to connect." } },
    // In the first e-mail's thread ("Re: …"), so it needs no subject.
    { id: "follow-up", type: "email", parent: "opened", branch: "no", config: { text: "Hi {{firstName}}, bringing my note below back to the top of your inbox. Happy to send a 2-minute video instead." } },
    { id: "find", type: "find_email", parent: "has-email", branch: "no" },
    {
      id: "found-hello",
      type: "email",
      parent: "find",
      branch: "yes",
      config: { subject: "A question about {{company}}, {{firstName}}", text: "Hi {{firstName}},\n\nHow does {{company}} find its next customers today? Worth a short call?" },
    },
    { id: "invite-instead", type: "invite", parent: "find", branch: "no", config: { note: "Hi {{firstName}}, I enjoyed reading about {{company}}. Would be glad to connect.", fallbackNote: "Hi, would be glad to connect." } },
  ],
};

async function sampleLeads(): Promise<TLeadInput[]> {
  const entries = Object.values(CROSS_CHANNEL_LEADS);
  // Named from the start, as the first sample's leads (a network made smaller than these numbers lacks them).
  const prospects = await sandboxProspectsNamed(entries.map((entry) => entry.publicIdentifier));
  const onNetwork = prospects.map(({ profileUrl, firstName, lastName, company }) => {
    const email = entries.find((entry) => profileUrlOf(entry.publicIdentifier) === profileUrl)?.email;
    return { profileUrl, firstName, lastName, company, ...(email ? { email } : {}) };
  });
  const findable = findableDemoPerson();
  return [
    ...onNetwork,
    {
      profileUrl: findable.profileUrl,
      firstName: findable.firstName,
      lastName: findable.lastName,
      company: findable.company,
      customVariables: { companyDomain: findable.companyDomain },
    },
  ];
}

/** Seeds the sample on the given senders and the demo mailbox; null when the workspace has no demo mailbox (the e-mail channel is off). */
export async function seedDemoCrossChannelCampaign(actor: Actor, senderIds: string[]): Promise<{ campaignId: string } | null> {
  const mailbox = await db.mailbox.findFirst({ where: { workspaceId: actor.workspaceId, email: DEMO_MAILBOX }, select: { id: true } });
  if (!mailbox) return null;
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: CROSS_CHANNEL_SAMPLE_NAME,
      status: "paused",
      linkedinAccountIds: senderIds,
      emailAccountIds: [mailbox.id],
      // Only tracked opens count for "If e-mail opened".
      tracking: { opens: "on" },
      // Around the clock, as the first sample (see seed-demo-campaign.ts).
      schedule: { timezone: "Europe/Paris", activeHours: { from: "00:00", to: "24:00" }, activeDays: [1, 2, 3, 4, 5, 6, 7] },
      sequence,
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: await sampleLeads() }), "demo");
  return { campaignId: campaign.id };
}
