// Hourly: session state, InMail credits and SSI of every connected sender.
import { cron } from "inngest";
import { refreshSenderStats } from "@/server/services/senders/refresh-sender-stats";
import { inngest } from "../client";

export const refreshSenderStatsFunction = inngest.createFunction(
  { id: "refresh-sender-stats", name: "Refresh sender state, InMail credits and SSI", triggers: [cron("23 * * * *")], concurrency: { limit: 1 } },
  async ({ step }) => step.run("refresh", () => refreshSenderStats()),
);
