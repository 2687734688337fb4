// Lead lists receive leads (the dashboard's "Add leads" and POST /lead-lists/{id}/leads share this
// service): new people, people already there, repeats, and the campaigns that use the list.
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { createTestWorkspace } from "@/server/test/factories";
import { addLeadListLeads } from "./add-lead-list-leads";
import { createLeadList } from "./create-lead-list";
import { getLeadList } from "./get-lead-list";
import { ZCreateCampaignInput } from "../../schemas/campaign";
import { ZLeadsInput, ZCreateLeadListInput } from "../../schemas/lead";
import { fieldIssues } from "../../lib/zod-issues";

it("adds new and known leads to a list, skips repeats and those already there with reasons, and feeds campaigns using the list", async () => {
  const { actor } = await createTestWorkspace();
  const list = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Prospects" }));
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "From the list", listId: list.id }));
  // Known to the workspace through another campaign, with the user's company.
  const other = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Other" }));
  await addCampaignLeads(actor, other.id, ZLeadsInput.parse({ leads: [{ profileUrl: "https://www.linkedin.com/in/known-person", company: "Acme" }] }));

  const first = await addLeadListLeads(
    actor,
    list.id,
    ZLeadsInput.parse({
      leads: [
        { profileUrl: "https://www.linkedin.com/in/jane-doe" },
        { email: "sam@example.com", firstName: "Sam" },
        { profileUrl: "https://linkedin.com/in/jane-doe/" },
        { profileUrl: "https://www.linkedin.com/in/known-person", company: "Other Co" },
      ],
    }),
    "dashboard",
  );
  expect(first.added).toBe(3);
  expect(first.skipped).toEqual([expect.objectContaining({ index: 2, reason: "duplicate" })]);

  const second = await addLeadListLeads(actor, list.id, ZLeadsInput.parse({ leads: [{ email: "SAM@example.com" }, { email: "new@example.com" }] }), "dashboard");
  expect(second.added).toBe(1);
  expect(second.skipped).toEqual([expect.objectContaining({ index: 0, reason: "already-in-list", message: "The lead is already in this list" })]);

  expect((await getLeadList(actor, list.id)).leadCount).toBe(4);
  expect(await db.campaignLead.count({ where: { campaignId: campaign.id } })).toBe(4);
  const known = await db.lead.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, publicIdentifier: "known-person" } });
  expect(known.company).toBe("Acme");
  expect((await db.lead.findFirstOrThrow({ where: { workspaceId: actor.workspaceId, email: "sam@example.com" } })).source).toBe("dashboard");
});

it("names the field of a bad lead and refuses another workspace's list", async () => {
  const { actor } = await createTestWorkspace();
  const { actor: stranger } = await createTestWorkspace();
  const list = await createLeadList(actor, ZCreateLeadListInput.parse({ name: "Mine" }));
  const bad = ZLeadsInput.safeParse({ leads: [{ profileUrl: "https://example.com/jane" }] });
  expect(bad.error && fieldIssues(bad.error)).toEqual([expect.objectContaining({ field: "leads.0.profileUrl" })]);
  await expect(addLeadListLeads(stranger, list.id, ZLeadsInput.parse({ leads: [{ email: "a@example.com" }] }))).rejects.toMatchObject({ status: 404 });
});
