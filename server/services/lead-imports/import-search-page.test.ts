// A LinkedIn search import counts what happened to its campaign, and leaves the user's lead data alone.
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { now } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { createLeadList } from "@/server/services/lead-lists/create-lead-list";
import { addLeadListLeads } from "@/server/services/lead-lists/add-lead-list-leads";
import { connectSender } from "@/server/services/senders/connect-sender";
import { createTestWorkspace } from "@/server/test/factories";
import { getLeadImport } from "./get-lead-import";
import { importSearchPage } from "./import-search-page";
import { ZConnectSenderInput } from "../../schemas/sender";
import { ZCreateLeadListInput, ZLeadsInput } from "../../schemas/lead";
import { ZCreateCampaignInput } from "../../schemas/campaign";

it("counts people added to the campaign, already in it and kept out by its exclusions, and keeps the user's company", async () => {
  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  const account = await connectSender(actor, ZConnectSenderInput.parse({ username: `search-${Date.now()}@example.com`, password: "x" }), { via: "api" });
  const senderId = account.account.id;
  const company = "Solaris Health";
  const people = sandboxDirectory().filter((prospect) => prospect.company === company);
  expect(people.length).toBeGreaterThan(5);
  const [known, other, banned] = people;

  const excludeList = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Do not contact" }));
  await addLeadListLeads(actor, excludeList.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(banned!.publicIdentifier) }] }));
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Search", linkedinAccountIds: [senderId], excludeListIds: [excludeList.id] }));
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({
    leads: [
      { profileUrl: sandboxProfileUrl(known!.publicIdentifier), company: "Acme" },
      { profileUrl: sandboxProfileUrl(other!.publicIdentifier) },
    ],
  }));
  // A lead of the workspace outside the campaign: new to the campaign, not a new lead.
  const elsewhere = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Elsewhere" }));
  await addLeadListLeads(actor, elsewhere.id, ZLeadsInput.parse({ leads: [{ profileUrl: sandboxProfileUrl(people[3]!.publicIdentifier) }] }));

  const job = await db.leadImport.create({
    data: {
      workspaceId: actor.workspaceId,
      source: "linkedin-search",
      searchUrl: `https://www.linkedin.com/search/results/people/?keywords=${encodeURIComponent(company)}`,
      accountId: senderId,
      campaignId: campaign.id,
      status: "running",
      maxLeads: people.length,
      createdAt: now(),
    },
  });
  for (let page = 0; page < 20; page++) if ((await importSearchPage(job.id)).done) break;

  const result = await getLeadImport(actor, job.id);
  expect(result.status).toBe("done");
  expect(result.found).toBe(people.length);
  expect(result.alreadyThere).toBe(2);
  expect(result.excluded).toBe(1);
  expect(result.added).toBe(people.length - 3);
  expect(result.created).toBe(people.length - 4);
  expect(result.refreshed).toBe(4);
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(people.length - 1);

  const lead = await db.lead.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, publicIdentifier: known!.publicIdentifier } });
  expect(lead.company).toBe("Acme");
  expect(lead.headline).toBe(known!.headline);
});
