// Hourly: checks every tracking domain's CNAME (and HTTPS once the CNAME is right), so a pending one
// is verified within the hour of its record appearing, and one whose record was removed stops being
// used. A step per domain: a retry re-checks only those not checked yet.
import { cron } from "inngest";
import { listTrackingDomainsToCheck } from "@/server/services/mail/tracking-domains/list-tracking-domains-to-check";
import { verifyTrackingDomain } from "@/server/services/mail/tracking-domains/verify-tracking-domain";
import { inngest } from "../client";

export const checkTrackingDomainsFunction = inngest.createFunction(
  { id: "check-tracking-domains", name: "Check every tracking domain's CNAME", triggers: [cron("41 * * * *")], concurrency: { limit: 1 }, retries: 2 },
  async ({ step }) => {
    const ids = await step.run("list", () => listTrackingDomainsToCheck());
    for (const id of ids) await step.run(`check-${id}`, async () => (await verifyTrackingDomain(id))?.status ?? "removed");
    return { checked: ids.length };
  },
);
