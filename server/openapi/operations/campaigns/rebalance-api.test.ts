// POST /campaigns/{id}/rebalance: which senders may be rebalanced, and what `receivers` counts.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ManualClock, setClock, systemClock } from "@/server/lib/clock";
import { sandboxDirectory, sandboxProfileUrl } from "@/server/providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { callApi } from "@/server/test/call-api";
import { createTestApiKey, createTestWorkspace } from "@/server/test/factories";

afterEach(() => setClock(systemClock));

const directory = sandboxDirectory();

/** A campaign of six leads on senders a and b (three each), with c and d in the pool too. */
async function campaignOnFourSenders() {
  setClock(new ManualClock("2026-03-02T09:30:00Z"));
  await ensureSandboxDirectory();
  const context = await createTestWorkspace();
  const { key } = await createTestApiKey(context.actor);
  const connect = async (label: string) => {
    const username = `${label.toLowerCase()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
    return (await callApi("POST", "/accounts", { key, body: { username, password: "x", label } })).body!.data.id as string;
  };
  const [a, b] = [await connect("Ana"), await connect("Ben")];
  const created = await callApi("POST", "/campaigns", { key, body: { linkedinAccountIds: [a, b], sequence: { steps: [{ type: "invite" }] } } });
  const id = created.body!.data.id as string;
  const leads = Array.from({ length: 6 }, (_, index) => ({ profileUrl: sandboxProfileUrl(directory[40 + index]!.publicIdentifier) }));
  await callApi("POST", `/campaigns/${id}/leads`, { key, body: { leads } });
  const [c, d] = [await connect("Cleo"), await connect("Dev")];
  await db.campaign.update({ where: { id }, data: { linkedinAccountIds: [a, b, c, d] } });
  const rebalance = (linkedinAccountId: string) =>
    callApi("POST", `/campaigns/${id}/rebalance`, { key, body: { linkedinAccountId } });
  const pause = (accountId: string) => callApi("POST", `/accounts/${accountId}/pause`, { key });
  const holders = async () => (await db.campaignLead.findMany({ where: { campaignId: id }, select: { linkedinAccountId: true } })).map((lead) => lead.linkedinAccountId);
  return { id, a, b, c, d, rebalance, pause, holders };
}

describe("rebalancing a campaign sender", () => {
  it("refuses an active sender that is not paused with a 409 naming it, moving nothing", async () => {
    const flow = await campaignOnFourSenders();
    const before = await flow.holders();
    const refused = await flow.rebalance(flow.a);
    expect(refused.status).toBe(409);
    expect(refused.body?.error).toMatchObject({ code: "sender-available", message: expect.stringContaining("Ana is active and not paused") });
    expect(refused.body?.error.message).not.toContain(flow.a);
    expect(await flow.holders()).toEqual(before);
  });

  it("moves a paused sender's leads and counts every available sender as a receiver", async () => {
    const flow = await campaignOnFourSenders();
    await flow.pause(flow.a);
    const moved = await flow.rebalance(flow.a);
    expect(moved.body?.data).toEqual({ moved: 3, receivers: 3 });
    const holders = await flow.holders();
    expect(holders.filter((holder) => holder === flow.a)).toHaveLength(0);
    // Lightest first: c and d had none, so they take the three leads before b gets a fourth.
    expect(holders.filter((holder) => holder === flow.c).length + holders.filter((holder) => holder === flow.d).length).toBe(3);
  });

  it.each([
    ["error", { status: "error" as const }],
    ["suspended", { status: "suspended" as const }],
    ["disconnected", { status: "disconnected" as const, connectionStatus: "reconnect_required" }],
  ])("moves the leads of a sender in status %s", async (_status, change) => {
    const flow = await campaignOnFourSenders();
    await db.linkedinAccount.update({ where: { id: flow.b }, data: change });
    expect((await flow.rebalance(flow.b)).body?.data).toEqual({ moved: 3, receivers: 3 });
  });

  it("answers receivers for the available senders even when nothing is left to move", async () => {
    const flow = await campaignOnFourSenders();
    await db.campaignLead.updateMany({ where: { campaignId: flow.id, linkedinAccountId: flow.a }, data: { contacted: true } });
    await flow.pause(flow.a);
    expect((await flow.rebalance(flow.a)).body?.data).toEqual({ moved: 0, receivers: 3 });
  });

  it("answers receivers 0 only when no other sender is available", async () => {
    const flow = await campaignOnFourSenders();
    for (const sender of [flow.a, flow.b, flow.c, flow.d]) await flow.pause(sender);
    const answer = await flow.rebalance(flow.a);
    expect(answer.status).toBe(200);
    expect(answer.body?.data).toEqual({ moved: 0, receivers: 0 });
  });
});
