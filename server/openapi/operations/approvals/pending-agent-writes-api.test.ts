// AI agents' writes held for approval (issue 39): a write from Herald's MCP server (x-herald-client:
// mcp) waits in the queue with a 202 when the workspace asks for that, and only then; approving runs
// the same operation once, as the key that asked (a revoked key fails in plain words); rejecting never
// runs it; an idempotent retry of a held write answers the same 202; who may see and decide.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { AGENT_CLIENT_HEADER, MCP_CLIENT } from "@/server/http/agent-client";
import type { Actor, Role } from "@/server/lib/actor";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { erasePerson } from "@/server/services/privacy/erase-person";
import { purgeAgentWrites } from "@/server/services/agent-writes/purge-agent-writes";
import { revokeApiKey } from "@/server/services/api-keys/revoke-api-key";
import { countPendingApprovals } from "@/server/services/approvals/count-pending-approvals";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestUser, createTestWorkspace } from "@/server/test/factories";

const agent = { [AGENT_CLIENT_HEADER]: MCP_CLIENT };

let clock: ManualClock;
beforeEach(() => {
  clock = new ManualClock("2026-12-05T10:00:00Z");
  setClock(clock);
});
afterEach(() => setClock(systemClock));

async function workspaceWithAgent(options: { approval?: boolean } = {}) {
  const context = await createTestWorkspace();
  await db.workspace.update({ where: { id: context.workspace.id }, data: { agentWritesNeedApproval: options.approval ?? true } });
  const { key, apiKey } = await createTestApiKey(context.actor, "Claude desktop");
  const { key: adminKey } = await createTestApiKey(context.actor, "Owner's script");
  return { ...context, key, apiKey, adminKey };
}

async function addMember(workspaceId: string, role: Role): Promise<{ actor: Actor; key: string }> {
  const user = await createTestUser();
  await db.membership.create({ data: { workspaceId, userId: user.id, role } });
  const actor: Actor = { userId: user.id, workspaceId, role, canManageBilling: false };
  return { actor, key: (await createTestApiKey(actor)).key };
}

const createList = (key: string, name: string, headers: Record<string, string> = agent) => callApi("POST", "/lead-lists", { key, headers, body: { name } });
const decide = (key: string, id: string, decision: "approve" | "reject", headers: Record<string, string> = {}) =>
  callApi("POST", `/pending-agent-writes/${id}/${decision}`, { key, headers });
const listsNamed = (workspaceId: string, name: string) => db.leadList.count({ where: { workspaceId, name } });

describe("holding agents' writes", () => {
  it("holds an agent's write with a 202 only when the workspace asks for it; REST requests and reads run", async () => {
    const { key, workspace } = await workspaceWithAgent();
    const held = await createList(key, "Q4 founders");
    expect(held.status).toBe(202);
    expect(held.body).toMatchObject({
      message: "Waiting for approval: Create a lead list (“Q4 founders”). An admin approves it in Approvals → Agent actions.",
      pendingApproval: { operationId: "createLeadList", method: "POST", path: "/lead-lists", status: "pending", requestedBy: "Claude desktop", result: null, decidedAt: null },
    });
    expect(await listsNamed(workspace.id, "Q4 founders")).toBe(0);

    const rest = await createList(key, "By REST", {});
    expect(rest.status).toBe(201);
    const read = await callApi("GET", "/lead-lists", { key, headers: agent });
    expect(read.status).toBe(200);

    await db.workspace.update({ where: { id: workspace.id }, data: { agentWritesNeedApproval: false } });
    expect((await createList(key, "Setting off")).status).toBe(201);
    expect(await db.pendingAgentWrite.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });

  it("says what a held write would do with the names it points at", async () => {
    const { key, adminKey } = await workspaceWithAgent();
    const list = await createList(adminKey, "Q4 founders", {});
    const held = await callApi("POST", `/lead-lists/${list.body!.data.id}/leads`, {
      key,
      headers: agent,
      body: { leads: [{ email: "ada@example.com" }, { email: "grace@example.com" }] },
    });
    expect(held.body!.pendingApproval.summary).toBe("Add 2 leads to list “Q4 founders” (2 new)");
    const campaign = await callApi("POST", "/campaigns", { key: adminKey, body: { name: "Q4 founders", sequence: { steps: [{ id: "invite", type: "invite" }] } } });
    const pause = await callApi("PATCH", `/campaigns/${campaign.body!.data.id}`, { key, headers: agent, body: { status: "paused" } });
    expect(pause.body!.message).toBe("Waiting for approval: Pause campaign “Q4 founders”. An admin approves it in Approvals → Agent actions.");
    const create = await callApi("POST", "/campaigns", { key, headers: agent, body: { name: "Agent's own", sequence: { steps: [{ id: "invite", type: "invite" }] } } });
    expect(create.body!.pendingApproval.summary).toBe("Create campaign “Agent's own”");

    // A change with a dry run says what it would do, before and after; when its dry run fails (a
    // sender that is not the workspace's), it is held all the same, with the plain summary.
    const schedule = { timezone: "UTC", activeHours: { from: "09:00", to: "17:00" }, activeDays: [3] };
    const change = await callApi("PATCH", `/campaigns/${campaign.body!.data.id}`, { key, headers: agent, body: { schedule } });
    expect(change.body!.pendingApproval.summary).toBe("Change campaign “Q4 founders” — schedule: 0 of 0 leads reached in 30 days, not finished within the forecast → 0 of 0, not finished within the forecast");
    const unknownSender = await callApi("PATCH", `/campaigns/${campaign.body!.data.id}`, { key, headers: agent, body: { linkedinAccountIds: ["acc_nobody"] } });
    expect(unknownSender.status).toBe(202);
    expect(unknownSender.body!.pendingApproval.summary).toBe("Change campaign “Q4 founders” — LinkedIn senders");
    // A pause that changes more says so: the headline never hides the rest of the change.
    const pauseAndMore = await callApi("PATCH", `/campaigns/${campaign.body!.data.id}`, { key, headers: agent, body: { status: "paused", linkedinAccountIds: ["acc_nobody"], name: "Renamed" } });
    expect(pauseAndMore.body!.pendingApproval.summary).toBe("Pause campaign “Q4 founders” and change LinkedIn senders, name");
    expect(await db.leadListEntry.count({ where: { listId: list.body!.data.id } })).toBe(0);
  });

  it("answers an idempotent retry of a held write with the same 202, holding it once", async () => {
    const { key, workspace } = await workspaceWithAgent();
    const headers = { ...agent, "idempotency-key": "agent-42" };
    const first = await createList(key, "Once", headers);
    const again = await createList(key, "Once", headers);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await db.pendingAgentWrite.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });
});

describe("deciding agents' writes", () => {
  it("approving runs the write once, as the key; a second approval is a 409", async () => {
    const { key, adminKey, workspace, apiKey } = await workspaceWithAgent();
    const held = await createList(key, "Approved list");
    const id = held.body!.pendingApproval.id;

    const approved = await decide(adminKey, id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body!.data).toMatchObject({ id, status: "approved", result: { status: 201, body: { data: { name: "Approved list" } } }, input: { body: { name: "Approved list" } } });
    expect(approved.body!.data.decidedBy).toBeTruthy();
    expect(await listsNamed(workspace.id, "Approved list")).toBe(1);
    // Counted against the key that asked, not the approver's.
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: apiKey.id } })).actionsUsed).toBe(1);

    const twice = await decide(adminKey, id, "approve");
    expect(twice).toMatchObject({ status: 409, body: { error: { code: "already-decided", message: "This agent action was already approved." } } });
    expect(await listsNamed(workspace.id, "Approved list")).toBe(1);
  });

  it("runs a write approved by several people at once exactly once", async () => {
    const { key, adminKey, workspace } = await workspaceWithAgent();
    const id = (await createList(key, "Raced list")).body!.pendingApproval.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => decide(adminKey, id, "approve")));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await listsNamed(workspace.id, "Raced list")).toBe(1);
  });

  it("rejecting never runs it", async () => {
    const { key, adminKey, workspace } = await workspaceWithAgent();
    const id = (await createList(key, "Rejected list")).body!.pendingApproval.id;
    const rejected = await decide(adminKey, id, "reject");
    expect(rejected.body!.data).toMatchObject({ status: "rejected", result: null });
    expect((await decide(adminKey, id, "approve")).status).toBe(409);
    expect(await listsNamed(workspace.id, "Rejected list")).toBe(0);
  });

  it("fails in plain words when the key was revoked before the approval", async () => {
    const { key, adminKey, workspace, actor, apiKey } = await workspaceWithAgent();
    const id = (await createList(key, "Too late")).body!.pendingApproval.id;
    await revokeApiKey(actor, apiKey.id);
    const approved = await decide(adminKey, id, "approve");
    expect(approved.body!.data).toMatchObject({
      status: "failed",
      result: { status: 401, body: { error: { message: "The API key “Claude desktop” was revoked, so it can no longer act." } } },
    });
    expect(await listsNamed(workspace.id, "Too late")).toBe(0);
  });

  it("fails when the key's creator lost the rights the write needs", async () => {
    const { workspace, adminKey } = await workspaceWithAgent();
    const admin = await addMember(workspace.id, "admin");
    const held = await callApi("PATCH", "/workspace", { key: admin.key, headers: agent, body: { name: "Renamed by agent" } });
    expect(held.status).toBe(202);
    await db.membership.update({ where: { workspaceId_userId: { workspaceId: workspace.id, userId: admin.actor.userId } }, data: { role: "member" } });
    const approved = await decide(adminKey, held.body!.pendingApproval.id, "approve");
    expect(approved.body!.data).toMatchObject({ status: "failed", result: { status: 403 } });
    expect((await db.workspace.findUniqueOrThrow({ where: { id: workspace.id } })).name).not.toBe("Renamed by agent");
  });

  it("lets members see the queue, admins and owners decide, never an agent, a key its own writes or an approver", async () => {
    const { key, adminKey, workspace, actor } = await workspaceWithAgent();
    const id = (await createList(key, "Who decides")).body!.pendingApproval.id;
    const member = await addMember(workspace.id, "member");
    const approver = await addMember(workspace.id, "approver");

    const seen = await callApi("GET", "/pending-agent-writes", { key: member.key });
    expect(seen.body).toMatchObject({ data: [{ id, summary: "Create a lead list (“Who decides”)", requestedBy: "Claude desktop" }], paging: { total: 1 } });
    expect((await callApi("GET", `/pending-agent-writes/${id}`, { key: member.key })).body!.data.input).toEqual({ params: {}, query: {}, body: { name: "Who decides" } });
    expect((await decide(member.key, id, "approve")).body).toMatchObject({ error: { code: "forbidden", message: "Only a workspace admin or owner can approve or reject agents' actions." } });
    expect((await callApi("GET", "/pending-agent-writes", { key: approver.key })).status).toBe(403);
    expect((await decide(adminKey, id, "approve", agent)).status).toBe(403);
    expect((await decide(key, id, "reject")).body!.error.message).toBe("An API key cannot approve or reject its own actions: a person decides them.");
    expect((await callApi("GET", "/pending-agent-writes", { key: adminKey, query: { status: "sometimes" } })).body!.error.details.fields[0].field).toBe("status");

    expect(await countPendingApprovals(actor)).toMatchObject({ agentWrites: 1 });
    expect(await countPendingApprovals(approver.actor)).toMatchObject({ agentWrites: 0 });
    await decide(adminKey, id, "reject");
    expect(await countPendingApprovals(actor)).toMatchObject({ agentWrites: 0 });
    const decided = await callApi("GET", "/pending-agent-writes", { key: adminKey, query: { status: "decided" } });
    expect(decided.body!.data.map((row: { status: string }) => row.status)).toEqual(["rejected"]);

    const other = await workspaceWithAgent();
    expect((await callApi("GET", `/pending-agent-writes/${id}`, { key: other.adminKey })).status).toBe(404);
  });
});

describe("held writes and the key's budget", () => {
  it("refuses to hold a write of a key whose budget is used up, and fails an approved one that finds it used up", async () => {
    const { key, adminKey, apiKey, workspace } = await workspaceWithAgent();
    const id = (await createList(key, "Over budget")).body!.pendingApproval.id;
    await db.apiKey.update({ where: { id: apiKey.id }, data: { actionBudget: 1, actionsUsed: 1 } });
    const refused = await createList(key, "Not even held");
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "key-budget-exhausted" } } });
    const approved = await decide(adminKey, id, "approve");
    expect(approved.body!.data).toMatchObject({ status: "failed", result: { status: 403, body: { error: { code: "key-budget-exhausted" } } } });
    expect(await listsNamed(workspace.id, "Over budget")).toBe(0);
    expect(await db.pendingAgentWrite.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });
});

describe("retention of held writes", () => {
  it("deletes decided writes 30 days after their decision, and writes nobody decided 30 days after they were asked for", async () => {
    const { key, adminKey, workspace } = await workspaceWithAgent();
    const decided = (await createList(key, "Decided")).body!.pendingApproval.id;
    await decide(adminKey, decided, "reject");
    clock.advance(10 * 86_400_000);
    const waiting = (await createList(key, "Waiting")).body!.pendingApproval.id;
    clock.advance(21 * 86_400_000);
    await purgeAgentWrites();
    expect((await db.pendingAgentWrite.findMany({ where: { workspaceId: workspace.id } })).map((row) => row.id)).toEqual([waiting]);
    clock.advance(10 * 86_400_000);
    await purgeAgentWrites();
    expect(await db.pendingAgentWrite.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });
});

describe("erasing a person", () => {
  it("deletes the held writes naming them, so that approving cannot add them again", async () => {
    const { key, adminKey, workspace, actor } = await workspaceWithAgent();
    const list = await createList(adminKey, "Known", {});
    await callApi("POST", `/lead-lists/${list.body!.data.id}/leads`, { key: adminKey, body: { leads: [{ email: "ann@example.com" }] } });
    const naming = await callApi("POST", `/lead-lists/${list.body!.data.id}/leads`, { key, headers: agent, body: { leads: [{ email: "ann@example.com" }] } });
    const other = await callApi("POST", `/lead-lists/${list.body!.data.id}/leads`, { key, headers: agent, body: { leads: [{ email: "joann@example.com" }] } });
    expect([naming.status, other.status]).toEqual([202, 202]);
    await erasePerson(actor, { email: "ann@example.com" });
    expect((await db.pendingAgentWrite.findMany({ where: { workspaceId: workspace.id } })).map((row) => row.id)).toEqual([other.body!.pendingApproval.id]);
  });
});
