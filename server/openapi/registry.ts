// The public API's one registry: every operation of the OpenAPI document with its handler, by
// operation id. Herald's process routes /api/v1 requests with the request gate (server/http/
// request-gate.ts, api-router.ts) and serves the matched operation's handler from here
// (server/http/serve-api.ts); the API tests call through it too (server/test/call-api.ts). Each
// area's handlers live beside its operations (operations/<area>/handlers.ts); registry.test.ts
// checks that every operation of the document has exactly one handler and every handler an operation.
//
// Server code only: the handlers import the services. The OpenAPI document and the dashboard's API
// reference import the operations (operations/index.ts), never this.
import type { ApiHandler } from "../http/api-handler";
import type { ApiOperation } from "../http/api-operation";
import { aiLinesHandlers } from "./operations/ai-lines/handlers";
import { approvalsHandlers } from "./operations/approvals/handlers";
import { campaignsHandlers } from "./operations/campaigns/handlers";
import { creditsHandlers } from "./operations/credits/handlers";
import { crmHandlers } from "./operations/crm/handlers";
import { doNotContactHandlers } from "./operations/do-not-contact/handlers";
import { companyDatabaseHandlers } from "./operations/company-database/handlers";
import { filesHandlers } from "./operations/files/handlers";
import { hooksHandlers } from "./operations/hooks/handlers";
import { inboxHandlers } from "./operations/inbox/handlers";
import { leadImportsHandlers } from "./operations/lead-imports/handlers";
import { leadListsHandlers } from "./operations/lead-lists/handlers";
import { leadsHandlers } from "./operations/leads/handlers";
import { mailConnectHandlers } from "./operations/mail/connect/handlers";
import { mailboxOrdersHandlers } from "./operations/mailbox-orders/handlers";
import { mailboxesHandlers } from "./operations/mail/mailboxes/handlers";
import { metaHandlers } from "./operations/meta/handlers";
import { peopleHandlers } from "./operations/people/handlers";
import { sendersHandlers } from "./operations/senders/handlers";
import { warmupHandlers } from "./operations/mail/warmup/handlers";
import { tasksHandlers } from "./operations/tasks/handlers";
import { analyticsHandlers } from "./operations/analytics/handlers";
import { verificationHandlers } from "./operations/verification/handlers";
import { trackingDomainsHandlers } from "./operations/tracking-domains/handlers";
import { webhooksHandlers } from "./operations/webhooks/handlers";
import { workspacesHandlers } from "./operations/workspaces/handlers";

export const apiHandlers: readonly ApiHandler[] = [
  ...approvalsHandlers,
  ...aiLinesHandlers,
  ...campaignsHandlers,
  ...creditsHandlers,
  ...doNotContactHandlers,
  ...companyDatabaseHandlers,
  ...filesHandlers,
  ...inboxHandlers,
  ...leadImportsHandlers,
  ...leadListsHandlers,
  ...mailConnectHandlers,
  ...mailboxOrdersHandlers,
  ...mailboxesHandlers,
  ...metaHandlers,
  ...peopleHandlers,
  ...sendersHandlers,
  ...tasksHandlers,
  ...analyticsHandlers,
  ...verificationHandlers,
  ...trackingDomainsHandlers,
  ...warmupHandlers,
  ...webhooksHandlers,
  ...workspacesHandlers,
  ...hooksHandlers,
  ...leadsHandlers,
  ...crmHandlers,
];

/** Operation id → its handler. */
export const apiHandlersById: ReadonlyMap<string, ApiHandler> = new Map(apiHandlers.map((handler) => [handler.operation.operationId, handler]));

/** The operations the registry serves, for the request gate's router. */
export const servedOperations: readonly ApiOperation[] = apiHandlers.map((handler) => handler.operation);
