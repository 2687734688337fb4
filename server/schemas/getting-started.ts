import { z } from "zod";

/**
 * The home's "Get started" checklist. Each step is true once done; `null` when it does not apply
 * here (the Sandbox step without the sandbox network, the mailbox step without e-mail).
 */
export const ZGettingStarted = z.object({
  dismissed: z.boolean(),
  steps: z.object({
    forecast: z.boolean(),
    activate: z.boolean(),
    sandbox: z.boolean().nullable(),
    mailbox: z.boolean().nullable(),
  }),
  /** The workspace's first campaign (the sample one in the Quick start): the forecast step opens it. */
  firstCampaign: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TGettingStarted = z.infer<typeof ZGettingStarted>;

/** The moments the checklist keeps on the workspace, each set once by what does it. */
export const ZGettingStartedMoment = z.enum(["forecastOpenedAt", "campaignActivatedAt", "sandboxActedAt"]);
export type TGettingStartedMoment = z.infer<typeof ZGettingStartedMoment>;

/**
 * The Quick start's sample mailbox (services/demo/seed-demo-mailbox.ts). Nobody connected it, so
 * it does not tick "Connect a mailbox"; kept here, below both the demo and the checklist.
 */
export const DEMO_MAILBOX = "ada@northwind-nodmarc.test";
