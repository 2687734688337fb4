// The Graph mail provider of the installation's app registration: the same settings as the
// Microsoft 365 mail platform that created the mailboxes (HERALD_GRAPH_TENANT_ID, HERALD_GRAPH_CLIENT_ID,
// HERALD_GRAPH_CLIENT_SECRET; docs/mailbox-orders.md).
import type { Env } from "../../../env";
import { MailProviderError, type MailProvider } from "../types";
import { createGraphMailProvider } from "./graph-mail-provider";

export function graphMailProviderFromEnv(settings: Env): MailProvider {
  const { HERALD_GRAPH_TENANT_ID: tenantId, HERALD_GRAPH_CLIENT_ID: clientId, HERALD_GRAPH_CLIENT_SECRET: clientSecret } = settings;
  if (!tenantId || !clientId || !clientSecret) {
    const refuse = () =>
      Promise.reject(
        new MailProviderError(
          "auth-failed",
          "This mailbox is a managed Microsoft 365 mailbox, and this installation has no Microsoft 365 app registration set (HERALD_GRAPH_TENANT_ID, HERALD_GRAPH_CLIENT_ID and HERALD_GRAPH_CLIENT_SECRET)",
        ),
      );
    return { name: "microsoft-graph", verify: refuse, send: refuse, findSent: refuse, fetchIncoming: refuse };
  }
  return createGraphMailProvider({ tenantId, clientId, clientSecret, graphUrl: settings.HERALD_GRAPH_URL, tokenUrl: settings.HERALD_GRAPH_TOKEN_URL });
}
