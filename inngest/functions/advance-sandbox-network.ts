// Every minute, on the sandbox network (the embedded default): prospects accept invitations and
// answer messages when the behaviour model says so; Herald takes it in as it takes real webhooks.
import { cron } from "inngest";
import { advanceSandboxNetwork } from "@/server/services/sandbox/advance-sandbox-network";
import { inngest } from "../client";

export const advanceSandboxNetworkFunction = inngest.createFunction(
  { id: "advance-sandbox-network", name: "Advance the sandbox LinkedIn network", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => step.run("advance", () => advanceSandboxNetwork()),
);
