import { db } from "../../db/client";
import { now } from "../../lib/clock";
import { hashPassword } from "../../lib/crypto";
import { generateApiKey } from "../api-keys/api-key-format";
import { addAiCredits, grantSourceNames } from "../credits/add-ai-credits";
import { seedDemoCampaign } from "./seed-demo-campaign";
import { seedDemoCrossChannelCampaign } from "./seed-demo-cross-channel-campaign";
import { seedDemoMailbox } from "./seed-demo-mailbox";
import { seedDemoHistory } from "./seed-demo-history";
import { seedDemoCleanLists } from "./seed-demo-clean-lists";
import { forgetApiKeys } from "../api-keys/api-key-cache";

export const DEMO_EMAIL = "demo@herald.local";
export const DEMO_PASSWORD = "demo-password";
const DEMO_KEY_NAME = "Demo key";
/** Enough to try company search for a while (each result returned costs a credit; a page is 25). */
const WELCOME_CREDITS = 5000;

export interface DemoWorkspace {
  email: string;
  password: string;
  workspaceId: string;
  apiKey: string;
  /** The sample campaign, when this start created it. */
  sampleCampaignId: string | null;
  /** The sample across e-mail and LinkedIn, when this start created it. */
  crossChannelCampaignId: string | null;
  /** The campaign that ran over the last twelve weeks (seed-demo-history.ts), when this start created it. */
  historyCampaignId: string | null;
}

/**
 * The demo workspace of the Quick start: a demo owner with welcome credits, two sandbox senders,
 * a paused sample campaign (see seed-demo-campaign.ts), a sandbox mailbox with a DNS problem to
 * fix (seed-demo-mailbox.ts) and a second paused sample across e-mail and LinkedIn on both
 * (seed-demo-cross-channel-campaign.ts), with twelve weeks of a campaign that ran for the Analytics
 * home (seed-demo-history.ts), and clean lists: verified addresses and a do-not-contact list
 * (seed-demo-clean-lists.ts). Safe to run at every
 * start: the owner and workspace are created once; the demo API key is replaced each time (only its
 * hash is stored, so a fresh one is the only way to print it).
 */
export async function seedDemoWorkspace(): Promise<DemoWorkspace> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { key, prefix, hashedKey } = generateApiKey();
  const workspaceId = await db.$transaction(async (tx) => {
    let user = await tx.user.findUnique({ where: { email: DEMO_EMAIL } });
    // On a fresh installation the demo owner is its first user, so its instance administrator (who
    // grants credits); seeded into an installation that has one, it is an ordinary owner.
    user ??= await tx.user.create({
      data: { email: DEMO_EMAIL, name: "Demo Owner", passwordHash, instanceAdmin: (await tx.user.count({ where: { instanceAdmin: true } })) === 0 },
    });
    let membership = await tx.membership.findFirst({ where: { userId: user.id, role: "owner" }, orderBy: { createdAt: "asc" } });
    if (!membership) {
      const workspace = await tx.workspace.create({ data: { name: "Demo workspace" } });
      await addAiCredits({ workspaceId: workspace.id, amount: WELCOME_CREDITS, source: "welcome", grantedBy: grantSourceNames.welcome, reference: "Welcome credits" }, tx);
      membership = await tx.membership.create({
        data: { workspaceId: workspace.id, userId: user.id, role: "owner", canManageBilling: true },
      });
      await tx.user.update({ where: { id: user.id }, data: { activeWorkspaceId: workspace.id } });
    }
    await tx.apiKey.updateMany({
      where: { workspaceId: membership.workspaceId, createdById: user.id, name: DEMO_KEY_NAME, revokedAt: null },
      data: { revokedAt: now() },
    });
    await tx.apiKey.create({
      data: { workspaceId: membership.workspaceId, createdById: user.id, name: DEMO_KEY_NAME, prefix, hashedKey, createdAt: now() },
    });
    return membership.workspaceId;
  });
  // The demo key of a previous start was revoked: this process stops honouring it from memory at once.
  forgetApiKeys();
  const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO_EMAIL }, select: { id: true } });
  const actor = { userId: owner.id, workspaceId, role: "owner" as const, canManageBilling: true };
  const sample = await seedDemoCampaign(actor);
  await seedDemoMailbox(actor);
  // With the first sample only: a workspace that has campaigns already is not given another.
  const crossChannel = sample ? await seedDemoCrossChannelCampaign(actor, sample.senderIds) : null;
  // Twelve weeks of a campaign that ran, for the Analytics home and the A/B test's verdict.
  const history = sample ? await seedDemoHistory(actor, sample.senderIds) : null;
  // The samples' addresses verified, and a competitor on the do-not-contact list.
  if (sample) await seedDemoCleanLists(actor);
  return {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
    workspaceId,
    apiKey: key,
    sampleCampaignId: sample?.campaignId ?? null,
    crossChannelCampaignId: crossChannel?.campaignId ?? null,
    historyCampaignId: history?.campaignId ?? null,
  };
}
