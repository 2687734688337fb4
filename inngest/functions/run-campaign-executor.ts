// The campaign executor: every minute, and at once when something gives it work (a campaign
// activated, leads added, a lead resumed), one pass moves the leads on (see run-executor-pass.ts).
// Passes never overlap: concurrency 1, so a pass can trust that an intent left `sending` was
// interrupted.
import { cron } from "inngest";
import { runExecutorPass } from "@/server/services/campaigns/executor/run-executor-pass";
import { inngest } from "../client";
import { campaignsKicked } from "../events";

export const runCampaignExecutor = inngest.createFunction(
  {
    id: "run-campaign-executor",
    name: "Run the campaign executor",
    triggers: [cron("* * * * *"), campaignsKicked],
    concurrency: { limit: 1 },
    retries: 2,
  },
  async ({ step }) => step.run("pass", () => runExecutorPass()),
);
