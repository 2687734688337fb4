// The MCP journey of issue 39, with the official MCP client over Streamable HTTP on a real loopback
// server: an agent lists the tools, dry-runs a campaign change and an add of leads (nothing stored),
// then — the workspace now asking for approval of agents' writes — runs the real add, which waits
// for approval with the dry run's summary and stores nothing; the agent sees it in the queue through
// a tool but may not approve it; an admin approves it over REST and the leads exist. And a key with a
// budget of one action: its second write through MCP is refused in plain words.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createApiKey } from "@/server/services/api-keys/create-api-key";
import { callApi } from "@/server/test/call-api";
import { profile, workspace } from "@/server/test/campaigns-api";
import { startMcpLoopback, structuredOf, textOf, type McpLoopback } from "@/server/test/mcp-loopback";

let loopback: McpLoopback;
beforeAll(async () => {
  loopback = await startMcpLoopback();
});
afterAll(async () => {
  await loopback.close();
});

describe("an AI agent's journey through Herald's MCP server", () => {
  it("lists tools, dry-runs, runs a write that waits for approval, and an admin's approval stores it", async () => {
    // The admin's key (REST) and the agent's own key (MCP), both the owner's.
    const { key: adminKey, api, actor, workspace: ws } = await workspace();
    const agentKey = (await createApiKey(actor, { name: "Claude desktop" })).key;
    const sender = await api.connect("journey");
    const created = await api.create({ name: "Founders Q1", linkedinAccountIds: [sender], sequence: { steps: [{ type: "invite" }] } });
    const campaignId = created.body!.data.id as string;
    expect((await api.addLeads(campaignId, [{ profileUrl: profile(180) }])).status).toBe(200);
    expect((await callApi("POST", "/do-not-contact", { key: adminKey, body: { entries: [{ kind: "email", value: "listed@blocked.test" }] } })).status).toBe(201);
    // 12 leads: 9 new, one named twice, one already in the campaign, one on the do-not-contact list.
    const leads = [
      ...Array.from({ length: 9 }, (_, index) => ({ profileUrl: profile(181 + index) })),
      { profileUrl: profile(181) },
      { profileUrl: profile(180) },
      { profileUrl: profile(190), email: "listed@blocked.test" },
    ];
    const agent = await loopback.connect(agentKey);

    // 1. The tools: the operations, writes with a dry run, the approvals queue among them.
    const tools = (await agent.listTools()).tools;
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["update_campaign", "add_campaign_leads", "list_pending_agent_writes", "get_pending_agent_write"]));
    expect(Object.keys(tools.find((tool) => tool.name === "add_campaign_leads")!.inputSchema.properties ?? {})).toContain("dryRun");

    // 2. Dry runs: a campaign change (the forecast before and after) and the add (its counts); nothing stored.
    const campaignBefore = await db.campaign.findUniqueOrThrow({ where: { id: campaignId } });
    const schedule = { timezone: "UTC", activeHours: { from: "09:00", to: "17:00" }, activeDays: [3] };
    const change = structuredOf(await agent.callTool({ name: "update_campaign", arguments: { id: campaignId, schedule, dryRun: true } }));
    expect(change).toMatchObject({ dryRun: true, stored: false, before: { leads: 1 }, after: { leads: 1 } });
    expect(change.summary).toContain("nothing was stored");
    const dry = structuredOf(await agent.callTool({ name: "add_campaign_leads", arguments: { id: campaignId, leads, dryRun: true } }));
    expect(dry).toMatchObject({ dryRun: true, stored: false, submitted: 12, wouldAdd: 10, duplicates: 1, alreadyIn: 1, excluded: 0, doNotContact: 1 });
    expect(await db.campaign.findUniqueOrThrow({ where: { id: campaignId } })).toEqual(campaignBefore);
    expect(await db.campaignLead.count({ where: { campaignId } })).toBe(1);

    // 3. The workspace now asks for approval of agents' writes (an admin, over REST).
    const setting = await callApi("PATCH", "/workspace", { key: adminKey, body: { agentWritesNeedApproval: true } });
    expect(setting.status).toBe(200);

    // 4. The real add waits for approval, saying what it would do; nothing is stored.
    const leadCount = await db.lead.count({ where: { workspaceId: ws.id } });
    const held = await agent.callTool({ name: "add_campaign_leads", arguments: { id: campaignId, leads } });
    expect(held.isError).toBeFalsy();
    const summary = "Add 12 leads to campaign “Founders Q1” (9 new, 2 duplicates, 1 on the do-not-contact list)";
    expect(structuredOf(held)).toMatchObject({ status: "waiting-for-approval", pendingApproval: { summary, status: "pending", operationId: "addCampaignLeads", requestedBy: "Claude desktop" } });
    expect(textOf(held)).toContain(`Waiting for approval: ${summary}`);
    const pendingId = structuredOf(held).pendingApproval.id as string;
    expect(await db.campaignLead.count({ where: { campaignId } })).toBe(1);
    expect(await db.lead.count({ where: { workspaceId: ws.id } })).toBe(leadCount);

    // 5. The queue shows it: over REST with the admin's key, and to the agent through the queue's tool.
    const queue = await callApi("GET", "/pending-agent-writes", { key: adminKey });
    expect(queue.body).toMatchObject({ data: [{ id: pendingId, summary, status: "pending" }], paging: { total: 1 } });
    const seen = structuredOf(await agent.callTool({ name: "list_pending_agent_writes", arguments: {} }));
    expect(seen.data).toEqual([expect.objectContaining({ id: pendingId, summary })]);
    // An agent may not decide: no approve tool is offered to it, and its key is refused over REST too.
    await expect(agent.callTool({ name: "approve_pending_agent_write", arguments: { id: pendingId } })).rejects.toThrow(/no tool named “approve_pending_agent_write”/);
    const selfApproved = await callApi("POST", `/pending-agent-writes/${pendingId}/approve`, { key: agentKey });
    expect(selfApproved.status).toBe(403);
    expect(await db.campaignLead.count({ where: { campaignId } })).toBe(1);

    // 6. An admin approves over REST: the add runs as the agent's key, and the held row keeps its answer.
    const approved = await callApi("POST", `/pending-agent-writes/${pendingId}/approve`, { key: adminKey });
    expect(approved.status).toBe(200);
    expect(approved.body!.data).toMatchObject({ id: pendingId, status: "approved", result: { status: 200, body: { data: { added: dry.wouldAdd } } } });
    expect(await db.campaignLead.count({ where: { campaignId } })).toBe(1 + dry.wouldAdd);
    expect(await db.lead.count({ where: { workspaceId: ws.id } })).toBe(leadCount + dry.newLeads);
    const row = structuredOf(await agent.callTool({ name: "get_pending_agent_write", arguments: { id: pendingId } }));
    expect(row.data).toMatchObject({ status: "approved", result: { status: 200 } });

    // 7. The added leads as resources: the lead itself, and its timeline in the campaign.
    const listed = await db.lead.findFirstOrThrow({ where: { workspaceId: ws.id, email: "listed@blocked.test" } });
    const read = async (uri: string) => JSON.parse(((await agent.readResource({ uri })).contents[0] as { text: string }).text);
    expect((await read(`herald://leads/${listed.id}`)).data).toMatchObject({ id: listed.id, email: "listed@blocked.test", campaignIds: [campaignId] });
    const timeline = (await read(`herald://campaigns/${campaignId}/leads/${listed.id}/timeline`)).data;
    expect(timeline).toMatchObject({ campaign: { id: campaignId, name: "Founders Q1" }, campaignLead: { leadId: listed.id } });
    expect(timeline.events[0]).toMatchObject({ kind: "added" });
    const templates = (await agent.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(templates).toEqual(expect.arrayContaining(["herald://leads/{id}", "herald://campaigns/{id}/leads/{leadId}/timeline"]));
    await expect(agent.readResource({ uri: "herald://leads/led_missing" })).rejects.toThrow(/not found/i);
    await agent.close();
  });

  it("refuses an agent's write past its key's action budget in plain words", async () => {
    const { actor } = await workspace();
    const budgeted = await createApiKey(actor, { name: "Agent with one action", actionBudget: 1 });
    const agent = await loopback.connect(budgeted.key);
    const first = await agent.callTool({ name: "create_lead_list", arguments: { name: "First" } });
    expect(first.isError).toBeFalsy();
    const second = await agent.callTool({ name: "create_lead_list", arguments: { name: "Second" } });
    expect(second.isError).toBe(true);
    expect(textOf(second)).toBe("This API key has used its 1 action; an admin can raise or reset its budget in Settings → API.");
    // A dry run is no action: it is still answered.
    expect(structuredOf(await agent.callTool({ name: "create_lead_list", arguments: { name: "Third", dryRun: true } }))).toMatchObject({ dryRun: true, stored: false });
    expect(await db.leadList.count({ where: { workspaceId: actor.workspaceId } })).toBe(1);
    await agent.close();
  });
});
