// The home's checklist reads moments kept on the workspace: each is set once by the write that
// does the step, a refused write sets none, and dismissing hides the list for the whole workspace.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { setClock, systemClock } from "@/server/lib/clock";
import { ensureSandboxDirectory } from "@/server/providers/linkedin/sandbox/store";
import { createTestWorkspace } from "@/server/test/factories";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../../schemas/campaign";
import { ZConnectSenderInput } from "../../schemas/sender";
import { createCampaign } from "../campaigns/create-campaign";
import { updateCampaign } from "../campaigns/update-campaign";
import { connectSender } from "../senders/connect-sender";
import { dismissGettingStarted } from "./dismiss-getting-started";
import { getGettingStarted } from "./get-getting-started";
import { recordGettingStarted } from "./record-getting-started";

afterEach(() => setClock(systemClock));

describe("the Get started checklist", () => {
  it("starts with nothing done and the sandbox step on the sandbox network", async () => {
    const { actor } = await createTestWorkspace();
    expect(await getGettingStarted(actor)).toEqual({ dismissed: false, steps: { forecast: false, activate: false, sandbox: false, mailbox: false }, firstCampaign: null });
  });

  it("keeps the first moment a step was done", async () => {
    const { actor } = await createTestWorkspace();
    setClock({ now: () => new Date("2026-03-02T09:00:00.000Z") });
    await recordGettingStarted(actor.workspaceId, "forecastOpenedAt");
    setClock({ now: () => new Date("2026-03-05T09:00:00.000Z") });
    await recordGettingStarted(actor.workspaceId, "forecastOpenedAt");
    const row = await db.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId } });
    expect(row.forecastOpenedAt?.toISOString()).toBe("2026-03-02T09:00:00.000Z");
    expect((await getGettingStarted(actor)).steps.forecast).toBe(true);
  });

  it("ticks activation when a campaign becomes active, not when an activation is refused", async () => {
    const { actor } = await createTestWorkspace();
    const campaign = await createCampaign(actor, ZCreateCampaignInput.parse({ name: "First", sequence: { steps: [{ type: "visit_profile" }] } }));
    // No sender: refused, and nothing recorded.
    await expect(updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }))).rejects.toMatchObject({ code: "invalid-input" });
    expect((await getGettingStarted(actor)).steps.activate).toBe(false);
    await ensureSandboxDirectory();
    const sender = await connectSender(actor, ZConnectSenderInput.parse({ username: `start-${Math.random().toString(36).slice(2)}@example.com`, password: "x" }), { via: "api" });
    await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active", linkedinAccountIds: [sender.account.id] }));
    const state = await getGettingStarted(actor);
    expect(state.steps.activate).toBe(true);
    expect(state.firstCampaign).toEqual({ id: campaign.id, name: "First" });
  });

  it("ticks the mailbox step for a mailbox of the workspace's own, and drops it without e-mail", async () => {
    const { actor } = await createTestWorkspace();
    const at = new Date();
    await db.mailbox.create({ data: { workspaceId: actor.workspaceId, label: "Sales", email: "sales@example.com", provider: "sandbox", authType: "sandbox", connectedVia: "api", createdAt: at, updatedAt: at } });
    expect((await getGettingStarted(actor)).steps.mailbox).toBe(true);
    await db.workspace.update({ where: { id: actor.workspaceId }, data: { emailChannelEnabled: false } });
    expect((await getGettingStarted(actor)).steps.mailbox).toBeNull();
  });

  it("is hidden for the workspace once dismissed", async () => {
    const { actor } = await createTestWorkspace();
    await dismissGettingStarted(actor);
    expect((await getGettingStarted(actor)).dismissed).toBe(true);
  });
});
