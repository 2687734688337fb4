// What the campaign benchmarks share: their command-line arguments, the environment they run in,
// a fresh database with the sandbox directory, a workspace with enough seats, and senders.
import { randomBytes } from "node:crypto";
import { benchDatabase } from "./bench-database";
import { ZLeadsInput } from "../server/schemas/lead";
import { ZConnectSenderInput } from "../server/schemas/sender";

/** `--leads=100 --days=3` as `{ leads: "100", days: "3" }`. */
export function benchArgs(): Record<string, string | undefined> {
  return Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
}

/**
 * Prepares a benchmark run: production settings, a sandbox directory of `prospects` people, a new
 * migrated database, and a workspace whose seats allow `senderCount` senders, connected here.
 */
export async function setUpCampaignBench(options: { prospects: number; senderCount: number; senderPrefix: string; timezone?: string }) {
  (process.env as Record<string, string>).NODE_ENV = "production";
  process.env.HERALD_LOG_LEVEL = "error";
  process.env.HERALD_ENCRYPTION_KEY = randomBytes(32).toString("base64");
  process.env.HERALD_SANDBOX_DIRECTORY_SIZE = String(options.prospects);
  const database = await benchDatabase();
  process.env.DATABASE_URL = database.url;
  const { db, disconnectDb } = await import("../server/db/client");
  const { ensureSandboxDirectory } = await import("../server/providers/linkedin/sandbox/store");
  const { createTestWorkspace } = await import("../server/test/factories");
  const { connectSender } = await import("../server/services/senders/connect-sender");

  await ensureSandboxDirectory();
  const { actor } = await createTestWorkspace();
  await db.workspace.update({ where: { id: actor.workspaceId }, data: { seatLimit: options.senderCount } });
  const senders: string[] = [];
  for (let index = 0; index < options.senderCount; index++) {
    const username = `${options.senderPrefix}-${index}@example.com`;
    const account = await connectSender(actor, ZConnectSenderInput.parse({ username, password: "x", ...(options.timezone ? { timezone: options.timezone } : {}) }), { via: "api" });
    senders.push(account.account.id);
  }
  return {
    actor,
    senders,
    async tearDown() {
      await disconnectDb();
      await database.drop();
    },
  };
}

/** Adds sandbox prospects to a campaign by profile URL, a thousand per request as the API allows. */
export async function addProspectsToCampaign(
  actor: Awaited<ReturnType<typeof setUpCampaignBench>>["actor"],
  campaignId: string,
  prospects: Array<{ publicIdentifier: string }>,
): Promise<void> {
  const { addCampaignLeads } = await import("../server/services/campaigns/add-campaign-leads");
  const { sandboxProfileUrl } = await import("../server/providers/linkedin/sandbox/directory");
  for (let start = 0; start < prospects.length; start += 1000) {
    const leads = prospects.slice(start, start + 1000).map((prospect) => ({ profileUrl: sandboxProfileUrl(prospect.publicIdentifier) }));
    await addCampaignLeads(actor, campaignId, ZLeadsInput.parse({ leads }));
  }
}
