// The setup the drafted-steps tests share (drafted-steps*.test.ts in server/services/campaigns/executor):
// a campaign on the sandbox network with a manual clock, its sender connected and its leads added,
// and the sequences, prospects and providers those tests drive it with.
import { afterEach } from "vitest";
import { db } from "../db/client";
import type { Actor } from "../lib/actor";
import { ManualClock, setClock, systemClock } from "../lib/clock";
import { sandboxDirectory, sandboxProfileUrl, type DirectoryProspect } from "../providers/linkedin/sandbox/directory";
import { ensureSandboxDirectory } from "../providers/linkedin/sandbox/store";
import { getLinkedinProvider, setLinkedinProvider } from "../providers/linkedin";
import { LinkedinProviderError } from "../providers/linkedin/types";
import { draftCommentOffline, offlineTextGenerator } from "../providers/ai/offline-text-generator";
import { setTextGenerator } from "../providers/ai";
import type { TSequenceInput } from "../schemas/sequence";
import type { TCampaignApprovals } from "../schemas/approvals";
import { ZCreateCampaignInput, ZUpdateCampaignInput } from "../schemas/campaign";
import { ZConnectSenderInput } from "../schemas/sender";
import { ZLeadsInput } from "../schemas/lead";
import { addCampaignLeads } from "../services/campaigns/add-campaign-leads";
import { createCampaign } from "../services/campaigns/create-campaign";
import { updateCampaign } from "../services/campaigns/update-campaign";
import { connectSender } from "../services/senders/connect-sender";
import { useTemporaryFileStorage as temporaryFileStorage } from "./approvals-seed";
import { driveCampaigns } from "./campaign-driver";
import { addTestCredits, createTestWorkspace } from "./factories";
import { connectBeforehand } from "./forecast-parity-campaigns";

export const HOUR = 3_600_000;
const START = "2026-03-02T08:00:00Z"; // a Monday, 09:00 in Paris
export const directory = sandboxDirectory();

/** After each test: the system clock, the configured LinkedIn provider and text generator again. */
export function restoreProvidersAfterEach(): void {
  afterEach(() => {
    setClock(systemClock);
    setLinkedinProvider(undefined);
    setTextGenerator(undefined);
  });
}

/** The sandbox provider, but `method` reaches the network and then times out, as a lost answer would. */
export async function timingOutAfterSending(method: "commentOnPost" | "sendMessage") {
  const sandbox = await getLinkedinProvider();
  const real = sandbox[method] as (...args: unknown[]) => Promise<unknown>;
  let calls = 0;
  setLinkedinProvider({
    ...sandbox,
    [method]: async (...args: unknown[]) => {
      calls++;
      await real(...args);
      throw new LinkedinProviderError("provider-timeout", "LinkedIn did not answer in time");
    },
  });
  return {
    calls: () => calls,
    restore: () => setLinkedinProvider(sandbox),
  };
}

/** Prospects of the directory, from `offset`, that posted in the last days, or never did. */
export async function prospects(count: number, offset: number, withPost: boolean): Promise<DirectoryProspect[]> {
  const found: DirectoryProspect[] = [];
  for (const prospect of directory.slice(offset)) {
    if (found.length === count) break;
    const hasPost = prospect.posts.length > 0;
    if (hasPost !== withPost) continue;
    found.push(prospect);
  }
  // Recent as of the test's clock, whenever the directory was seeded.
  if (withPost) {
    for (const prospect of found) {
      await db.sandboxPost.updateMany({ where: { authorId: prospect.id }, data: { postedAt: new Date(Date.parse(START) - 2 * 24 * HOUR) } });
    }
  }
  return found;
}

const WEEKDAYS_IN_PARIS = { timezone: "Europe/Paris", activeHours: { from: "09:00", to: "18:00" }, activeDays: [1, 2, 3, 4, 5] };

export async function setup(options: {
  label: string;
  sequence: TSequenceInput;
  prospects: DirectoryProspect[];
  approvals?: Partial<TCampaignApprovals>;
  credits?: number;
  connected?: boolean;
  start?: string;
  schedule?: typeof WEEKDAYS_IN_PARIS;
}) {
  const clock = new ManualClock(options.start ?? START);
  setClock(clock);
  temporaryFileStorage();
  await ensureSandboxDirectory();
  const { actor, workspace } = await createTestWorkspace();
  const sender = (await connectSender(actor, ZConnectSenderInput.parse({ username: `${options.label}@example.com`, password: "x" }), { via: "api" })).account.id;
  if (options.credits) await addTestCredits(actor.workspaceId, options.credits);
  if (options.connected) for (const prospect of options.prospects) await connectBeforehand(actor, sender, prospect);
  const campaign = await createCampaign(
    actor,
    ZCreateCampaignInput.parse({
      name: options.label,
      linkedinAccountIds: [sender],
      sequence: options.sequence,
      schedule: options.schedule ?? WEEKDAYS_IN_PARIS,
      approvals: options.approvals,
    }),
  );
  await addCampaignLeads(actor, campaign.id, ZLeadsInput.parse({ leads: options.prospects.map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) })) }));
  await updateCampaign(actor, campaign.id, ZUpdateCampaignInput.parse({ status: "active" }));
  const leadOf = async (prospect: DirectoryProspect) =>
    db.campaignLead.findFirstOrThrow({ where: { campaignId: campaign.id, lead: { publicIdentifier: prospect.publicIdentifier } }, include: { lead: true } });
  const memberOfSender = (await db.sandboxSession.findUniqueOrThrow({ where: { id: (await db.linkedinAccount.findUniqueOrThrow({ where: { id: sender } })).providerAccountId } })).memberId;
  return { clock, actor, workspace, sender, memberOfSender, campaign, leadOf };
}

export const drive = (clock: ManualClock, hours: number, approveAs?: Actor) => driveCampaigns(clock, new Date(clock.now().getTime() + hours * HOUR), { approveAs });

/** A text generator that drafts as the offline one, but the campaign's leads are stopped meanwhile. */
export function stopLeadsWhileDrafting(campaignId: string): void {
  setTextGenerator({
    ...offlineTextGenerator,
    name: "stopping",
    draftComment: async (input) => {
      await db.campaignLead.updateMany({ where: { campaignId }, data: { status: "stopped" } });
      return draftCommentOffline(input);
    },
  });
}

export const ledger = (workspaceId: string) => db.aiCreditLedgerEntry.findMany({ where: { workspaceId, reason: { not: "grant" } }, orderBy: { createdAt: "asc" } });

export const COMMENT_THEN_VISIT: TSequenceInput = {
  steps: [
    { id: "comment", type: "comment_post", config: { prompt: "Say something kind about the post" }, nextDelayHours: 1 },
    { id: "visit", type: "visit_profile", parent: "comment" },
  ],
};

export const VOICE_THEN_BUMP: TSequenceInput = {
  steps: [
    { id: "voice", type: "ai_voice_note", config: { script: "Hi {{firstName}}, a quick word about {{company}}", fallbackScript: "Hi there" }, nextDelayHours: 24 },
    { id: "bump", type: "visit_profile", parent: "voice", branch: "no" },
  ],
};
