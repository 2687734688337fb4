// Every lead records where it came from: the CSV file's name, the API key's name, the member who
// added it, the LinkedIn search; the lead's REST shape carries source and sourceDetail.
import { expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ZCreateCampaignInput } from "@/server/schemas/campaign";
import { ZLeadsInput } from "@/server/schemas/lead";
import { addCampaignLeads } from "@/server/services/campaigns/add-campaign-leads";
import { createCampaign } from "@/server/services/campaigns/create-campaign";
import { addLeadListLeads } from "@/server/services/lead-lists/add-lead-list-leads";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "@/server/test/factories";

const leads = (email: string) => ZLeadsInput.parse({ leads: [{ email }] });
const detailOf = async (email: string) => (await db.lead.findFirstOrThrow({ where: { email }, select: { source: true, sourceDetail: true } }));

it("records the CSV file's name, the member's name and the API key's name", async () => {
  const user = await createTestUser({ name: "Ana Lopez" });
  const { actor } = await createTestWorkspace({ userId: user.id });
  const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Outreach", sequence: { steps: [{ type: "email", config: { subject: "Hi", text: "Hello" } }] } }));
  await addCampaignLeads(actor, campaign.id, leads("csv@prospect.example"), "csv", "leads.csv");
  await addCampaignLeads(actor, campaign.id, leads("hand@prospect.example"), "dashboard");
  const list = await db.leadList.create({ data: { workspaceId: actor.workspaceId, name: "Fair", createdAt: new Date(), updatedAt: new Date() } });
  await addLeadListLeads(actor, list.id, leads("list-csv@prospect.example"), "csv");
  expect(await detailOf("csv@prospect.example")).toEqual({ source: "csv", sourceDetail: "leads.csv" });
  expect(await detailOf("hand@prospect.example")).toEqual({ source: "dashboard", sourceDetail: "added by Ana Lopez" });
  expect(await detailOf("list-csv@prospect.example")).toEqual({ source: "csv", sourceDetail: null });

  const { key } = await createTestApiKey(actor, "Zapier sync");
  const added = await callApi("POST", `/campaigns/${campaign.id}/leads`, { key, body: { leads: [{ email: "api@prospect.example" }] } });
  expect(added.status).toBeLessThan(300);
  expect(await detailOf("api@prospect.example")).toEqual({ source: "api", sourceDetail: "Zapier sync" });
  // A lead added again keeps where it first came from.
  await addCampaignLeads(actor, (await createCampaign(actor, ZCreateCampaignInput.parse({ name: "Second", sequence: { steps: [{ type: "email", config: { subject: "Hi", text: "Hello" } }] } }))).id, leads("csv@prospect.example"), "dashboard");
  expect(await detailOf("csv@prospect.example")).toEqual({ source: "csv", sourceDetail: "leads.csv" });

  // The lead's REST shape carries both.
  const shown = await callApi("GET", `/lead-lists/${list.id}/leads`, { key });
  expect(shown.body!.data).toEqual([expect.objectContaining({ email: "list-csv@prospect.example", source: "csv", sourceDetail: null, createdAt: expect.any(String) })]);
  await callApi("POST", `/lead-lists/${list.id}/leads`, { key, body: { leads: [{ email: "csv@prospect.example" }] } });
  const both = await callApi("GET", `/lead-lists/${list.id}/leads`, { key });
  expect(both.body!.data).toEqual(expect.arrayContaining([expect.objectContaining({ email: "csv@prospect.example", source: "csv", sourceDetail: "leads.csv" })]));
});
