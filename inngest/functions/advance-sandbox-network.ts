// Every minute, on the sandbox networks (the embedded defaults): prospects accept invitations, answer
// messages, and open, click, answer or bounce e-mails when the behaviour models say so; Herald takes
// it in as it takes real webhooks and real mail.
import { cron } from "inngest";
import { advanceSandboxNetwork } from "@/server/services/sandbox/advance-sandbox-network";
import { inngest } from "../client";

export const advanceSandboxNetworkFunction = inngest.createFunction(
  { id: "advance-sandbox-network", name: "Advance the sandbox LinkedIn and mail networks", triggers: [cron("* * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => step.run("advance", () => advanceSandboxNetwork()),
);
