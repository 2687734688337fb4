import { createCallerFactory, router } from "./init";
import { apiKeysRouter } from "./routers/api-keys";
import { campaignsRouter } from "./routers/campaigns";
import { companyDatabaseRouter } from "./routers/company-database";
import { creditsRouter } from "./routers/credits";
import { crmRouter } from "./routers/crm";
import { filesRouter } from "./routers/files";
import { gettingStartedRouter } from "./routers/getting-started";
import { hostedConnectRouter } from "./routers/hosted-connect";
import { approvalsRouter } from "./routers/approvals";
import { tasksRouter } from "./routers/tasks";
import { doNotContactRouter } from "./routers/do-not-contact";
import { analyticsRouter } from "./routers/analytics";
import { peopleRouter } from "./routers/people";
import { inboxRouter } from "./routers/inbox";
import { instanceRouter } from "./routers/instance";
import { jobsRouter } from "./routers/jobs";
import { leadImportsRouter } from "./routers/lead-imports";
import { verificationRouter } from "./routers/verification";
import { leadListsRouter } from "./routers/lead-lists";
import { leadsRouter } from "./routers/leads";
import { mailboxHealthRouter } from "./routers/mailbox-health";
import { mailboxOrdersRouter } from "./routers/mailbox-orders";
import { mailboxesRouter } from "./routers/mailboxes";
import { membersRouter } from "./routers/members";
import { sandboxRouter } from "./routers/sandbox";
import { sendersRouter } from "./routers/senders";
import { setupRouter } from "./routers/setup";
import { trackingDomainsRouter } from "./routers/tracking-domains";
import { webhooksRouter } from "./routers/webhooks";
import { workspaceRouter } from "./routers/workspace";

export const appRouter = router({
  setup: setupRouter,
  instance: instanceRouter,
  workspace: workspaceRouter,
  gettingStarted: gettingStartedRouter,
  members: membersRouter,
  apiKeys: apiKeysRouter,
  credits: creditsRouter,
  companyDatabase: companyDatabaseRouter,
  trackingDomains: trackingDomainsRouter,
  webhooks: webhooksRouter,
  jobs: jobsRouter,
  senders: sendersRouter,
  mailboxes: mailboxesRouter,
  mailboxHealth: mailboxHealthRouter,
  mailboxOrders: mailboxOrdersRouter,
  hostedConnect: hostedConnectRouter,
  sandbox: sandboxRouter,
  campaigns: campaignsRouter,
  leadLists: leadListsRouter,
  leadImports: leadImportsRouter,
  verification: verificationRouter,
  leads: leadsRouter,
  inbox: inboxRouter,
  approvals: approvalsRouter,
  tasks: tasksRouter,
  analytics: analyticsRouter,
  people: peopleRouter,
  files: filesRouter,
  doNotContact: doNotContactRouter,
  crm: crmRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
