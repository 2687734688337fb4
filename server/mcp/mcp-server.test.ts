// Herald's MCP server through the official MCP client SDK, over Streamable HTTP on a real loopback
// server that routes with the process's request gate (/api/mcp to the MCP endpoint, /api/v1 to the
// API): the tools generated from the operations, a read, the dry runs of a campaign change and of
// adding leads (with nothing stored, and the real add doing what its dry run said), refusals.
import { createInterface } from "node:readline";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { callApi } from "@/server/test/call-api";
import { profile, workspace } from "@/server/test/campaigns-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";
import { startMcpLoopback, structuredOf, type McpLoopback } from "@/server/test/mcp-loopback";
import { startStdioBridge } from "./stdio-bridge";

let loopback: McpLoopback;
let endpoint: URL;

beforeAll(async () => {
  loopback = await startMcpLoopback();
  endpoint = loopback.endpoint;
});

afterAll(async () => {
  await loopback.close();
});

const connect = (key: string) => loopback.connect(key);
const structured = structuredOf;

describe("Herald's MCP server over Streamable HTTP", () => {
  it("lists the operations as tools, writes with a dryRun argument and the operation's own input", async () => {
    const { key } = await workspace();
    const client = await connect(key);
    const { tools } = await client.listTools();
    const add = tools.find((tool) => tool.name === "add_campaign_leads")!;
    expect(add.description).toContain("POST /api/v1/campaigns/{id}/leads");
    expect(Object.keys(add.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(["id", "leads", "dryRun"]));
    expect(add.inputSchema.required).toEqual(expect.arrayContaining(["id", "leads"]));
    expect(add.annotations?.readOnlyHint).toBe(false);
    const list = tools.find((tool) => tool.name === "list_campaigns")!;
    expect(Object.keys(list.inputSchema.properties ?? {})).not.toContain("dryRun");
    expect(tools.some((tool) => tool.name === "get_open_api_document" || tool.name === "export_analytics")).toBe(false);
    await client.close();
  });

  it("runs a read through the operation's handler, and resources read the same", async () => {
    const { key, api } = await workspace();
    const created = await api.create({ name: "Read me", sequence: { steps: [{ type: "invite" }] } });
    const client = await connect(key);
    const result = await client.callTool({ name: "get_campaign", arguments: { id: created.body!.data.id } });
    expect(result.isError).toBeFalsy();
    expect(structured(result).data.name).toBe("Read me");
    const missing = await client.callTool({ name: "get_campaign", arguments: { id: "cmp_missing" } });
    expect(missing.isError).toBe(true);
    expect((missing.content as Array<{ text: string }>)[0]!.text).toMatch(/not found|no campaign/i);
    const resource = await client.readResource({ uri: `herald://campaigns/${created.body!.data.id}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).data.stats).toBeDefined();
    const listed = await client.readResource({ uri: "herald://campaigns" });
    expect(JSON.parse((listed.contents[0] as { text: string }).text).data).toHaveLength(1);
    await client.close();
  });

  it("dry-runs a campaign change: the forecast before and after, nothing stored", async () => {
    const { key, api } = await workspace();
    const first = await api.connect("first");
    const second = await api.connect("second");
    const created = await api.create({ name: "Grow", linkedinAccountIds: [first], sequence: { steps: [{ type: "invite" }] } });
    const id = created.body!.data.id as string;
    expect((await api.addLeads(id, Array.from({ length: 40 }, (_, index) => ({ profileUrl: profile(100 + index) })))).status).toBe(200);
    const campaignBefore = await db.campaign.findUniqueOrThrow({ where: { id } });
    const leadsBefore = await db.campaignLead.findMany({ where: { campaignId: id }, orderBy: { id: "asc" } });

    const client = await connect(key);
    // The pool changes hands: leads not yet contacted move to the new sender, as the update would move them.
    const result = await client.callTool({ name: "update_campaign", arguments: { id, linkedinAccountIds: [second], dryRun: true } });
    expect(result.isError).toBeFalsy();
    const dryRun = structured(result);
    expect(dryRun).toMatchObject({ dryRun: true, stored: false });
    expect(dryRun.before.senders.map((sender: { linkedinAccountId: string }) => sender.linkedinAccountId)).toEqual([first]);
    expect(dryRun.after.senders.map((sender: { linkedinAccountId: string }) => sender.linkedinAccountId)).toEqual([second]);
    expect(dryRun.before.leads).toBe(40);
    expect(dryRun.after.leads).toBe(40);
    // 40 invitations against a daily cap below 40: the busiest day is at the cap, before and after.
    const cap = dryRun.before.senders[0].caps.invitations as number;
    expect(cap).toBeLessThan(40);
    expect(dryRun.before.senders[0].busiestDay.invitations).toBe(cap);
    expect(dryRun.after.senders[0].busiestDay.invitations).toBe(cap);
    expect(dryRun.after.senders[0].daysAtCap).toBeGreaterThan(0);
    expect(dryRun.after.leadsReached).toBe(40);
    expect(dryRun.summary).toContain("nothing was stored");

    expect(await db.campaign.findUniqueOrThrow({ where: { id } })).toEqual(campaignBefore);
    expect(await db.campaignLead.findMany({ where: { campaignId: id }, orderBy: { id: "asc" } })).toEqual(leadsBefore);

    const invalid = await client.callTool({ name: "update_campaign", arguments: { id, linkedinAccountIds: "nope", dryRun: true } });
    expect(invalid.isError).toBe(true);
    expect((invalid.content as Array<{ text: string }>)[0]!.text).toMatch(/linkedinAccountIds/);
    await client.close();
  });

  it("dry-runs a schedule change: fewer days a week push the finish date out", async () => {
    const { key, api } = await workspace();
    const sender = await api.connect("weekly");
    const everyDay = { timezone: "UTC", activeHours: { from: "00:00", to: "23:59" }, activeDays: [1, 2, 3, 4, 5, 6, 7] };
    const created = await api.create({ name: "Weekly", linkedinAccountIds: [sender], schedule: everyDay, sequence: { steps: [{ type: "visit_profile" }] } });
    const id = created.body!.data.id as string;
    expect((await api.addLeads(id, Array.from({ length: 40 }, (_, index) => ({ profileUrl: profile(60 + index) })))).status).toBe(200);
    const client = await connect(key);
    const dryRun = structured(await client.callTool({ name: "update_campaign", arguments: { id, schedule: { ...everyDay, activeDays: [3] }, dryRun: true } }));
    expect(dryRun.before.finishAt).not.toBeNull();
    expect(dryRun.after.finishAt === null || dryRun.after.finishAt > dryRun.before.finishAt).toBe(true);
    expect(dryRun.before.senders[0].averagePerDay.profileViews).toBeGreaterThan(0);
    expect((await db.campaign.findUniqueOrThrow({ where: { id } })).schedule).toEqual(everyDay);
    await client.close();
  });

  it("dry-runs adding leads with the add's own counts, and the add then does exactly that", async () => {
    const { key, api } = await workspace();
    const sender = await api.connect("adder");
    const created = await api.create({ name: "Adds", linkedinAccountIds: [sender], sequence: { steps: [{ type: "invite" }] } });
    const id = created.body!.data.id as string;
    const list = await callApi("POST", "/lead-lists", { key, body: { name: "Customers" } });
    const listId = list.body!.data.id as string;
    expect((await callApi("POST", `/lead-lists/${listId}/leads`, { key, body: { leads: [{ profileUrl: profile(201) }] } })).status).toBe(200);
    expect((await api.patch(id, { excludeListIds: [listId] })).status).toBe(200);
    expect((await api.addLeads(id, [{ profileUrl: profile(202) }])).status).toBe(200);
    expect((await callApi("POST", "/do-not-contact", { key, body: { entries: [{ kind: "email", value: "listed@blocked.test" }] } })).status).toBe(201);
    const leads = [
      { profileUrl: profile(203) },
      { profileUrl: profile(203) },
      { profileUrl: profile(201) },
      { profileUrl: profile(202) },
      { profileUrl: profile(204), email: "listed@blocked.test" },
    ];
    const leadCount = await db.lead.count();
    const client = await connect(key);
    const dry = structured(await client.callTool({ name: "add_campaign_leads", arguments: { id, leads, dryRun: true } }));
    expect(dry).toMatchObject({ dryRun: true, stored: false, submitted: 5, wouldAdd: 2, newLeads: 2, existingLeads: 2, duplicates: 1, alreadyIn: 1, excluded: 1, doNotContact: 1 });
    expect(await db.lead.count()).toBe(leadCount);
    expect(await db.campaignLead.count({ where: { campaignId: id } })).toBe(1);

    const real = structured(await client.callTool({ name: "add_campaign_leads", arguments: { id, leads } })).data;
    expect(real.added).toBe(dry.wouldAdd);
    expect(real.skipped).toEqual(dry.skipped);
    expect(await db.lead.count()).toBe(leadCount + dry.newLeads);
    await client.close();
  });

  it("dry-runs adding leads to a list with the add's own counts", async () => {
    const { key } = await workspace();
    const list = await callApi("POST", "/lead-lists", { key, body: { name: "Prospects" } });
    const listId = list.body!.data.id as string;
    expect((await callApi("POST", `/lead-lists/${listId}/leads`, { key, body: { leads: [{ profileUrl: profile(145) }] } })).status).toBe(200);
    const leads = [{ profileUrl: profile(145) }, { profileUrl: profile(146) }, { profileUrl: profile(146) }];
    const client = await connect(key);
    const dry = structured(await client.callTool({ name: "add_lead_list_leads", arguments: { id: listId, leads, dryRun: true } }));
    expect(dry).toMatchObject({ submitted: 3, wouldAdd: 1, newLeads: 1, existingLeads: 1, duplicates: 1, alreadyIn: 1, excluded: 0, doNotContact: 0 });
    expect(await db.leadListEntry.count({ where: { listId } })).toBe(1);
    const real = structured(await client.callTool({ name: "add_lead_list_leads", arguments: { id: listId, leads } })).data;
    expect(real.added).toBe(dry.wouldAdd);
    expect(real.skipped).toEqual(dry.skipped);
    await client.close();
  });

  it("describes any other write on a dry run, validating its input, without storing", async () => {
    const { key } = await workspace();
    const client = await connect(key);
    const result = await client.callTool({ name: "create_lead_list", arguments: { name: "Later", dryRun: true } });
    expect(structured(result)).toMatchObject({ dryRun: true, stored: false, previewAvailable: false });
    expect(structured(result).summary).toContain("No preview of its effects is available");
    expect(await db.leadList.count({ where: { name: "Later" } })).toBe(0);
    const bad = await client.callTool({ name: "create_lead_list", arguments: { name: "", dryRun: true } });
    expect(bad.isError).toBe(true);
    expect((bad.content as Array<{ text: string }>)[0]!.text).toMatch(/name/);
    await client.close();
  });

  it("refuses a request without a valid API key with 401 and WWW-Authenticate", async () => {
    const response = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const client = new Client({ name: "herald-test", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: "Bearer hk_wrong" } } }))).rejects.toThrow();
  });

  it("answers malformed requests with a 4xx or a JSON-RPC error, never a 5xx", async () => {
    const { key } = await workspace();
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(endpoint, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers }, body });
    const parse = await post("{not json");
    expect(parse.status).toBe(400);
    expect((await parse.json()).error.code).toBe(-32700);
    const bodies = [
      "null",
      "[]",
      "42",
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "no/such/method" }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_campaign", arguments: { id: "\u0000" } } }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "update_campaign", arguments: { id: "x".repeat(3000), dryRun: true, sequence: { steps: "nope" } } } }),
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "herald://campaigns/%ff/leads/%" } }),
      JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "tools/list" }, { jsonrpc: "2.0", id: 2, method: "tools/list" }]),
    ];
    for (const body of bodies) expect((await post(body)).status, body.slice(0, 80)).toBeLessThan(500);
    expect((await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }), { accept: "text/html" })).status).toBeLessThan(500);
  });

  it("shows an approver's key only the approver's tools", async () => {
    const { actor } = await createTestWorkspace({ role: "approver" });
    const { key } = await createTestApiKey(actor);
    const client = await connect(key);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("list_pending_comments");
    expect(names).toContain("list_conversations");
    expect(names).not.toContain("list_campaigns");
    expect(names).not.toContain("add_campaign_leads");
    await expect(client.callTool({ name: "list_campaigns", arguments: {} })).rejects.toThrow(/no tool named/);
    await client.close();
  });

  it("bridges a desktop client's stdio to the endpoint with only Herald's address and a key", async () => {
    const { key } = await workspace();
    const input = new PassThrough();
    const output = new PassThrough();
    const problems: string[] = [];
    const bridge = await startStdioBridge({ heraldUrl: endpoint.origin, apiKey: key, input, output, log: (message) => problems.push(message) });
    const lines = createInterface({ input: output })[Symbol.asyncIterator]();
    const ask = async (message: object) => {
      input.write(`${JSON.stringify(message)}\n`);
      if (!("id" in message)) return null;
      return JSON.parse((await lines.next()).value as string);
    };
    const initialized = await ask({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "desktop", version: "1.0.0" } } });
    expect(initialized.result.serverInfo.name).toBe("herald");
    await ask({ jsonrpc: "2.0", method: "notifications/initialized" });
    const listed = await ask({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(listed.result.tools.map((tool: { name: string }) => tool.name)).toContain("add_campaign_leads");
    await bridge.close();
    expect(problems.filter((problem) => !/405|SSE|Method Not Allowed/i.test(problem))).toEqual([]);
  });
});
