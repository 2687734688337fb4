import { db } from "../../db/client";
import type { Actor } from "../../lib/actor";
import { CRM_LABELS, crmNotConfiguredMessage, crmOAuthConfig } from "../../providers/crm/crm-settings";
import { CRM_PROVIDERS } from "../../providers/crm/types";
import type { TCrmConnection, TCrmIntegration } from "../../schemas/crm";
import { toCrmConnection } from "./to-crm-connection";

/** The workspace's connections (REST: GET /crm/connections). */
export async function listCrmConnections(actor: Actor): Promise<TCrmConnection[]> {
  const rows = await db.crmConnection.findMany({ where: { workspaceId: actor.workspaceId }, orderBy: { createdAt: "asc" } });
  return rows.map((row) => toCrmConnection(row));
}

/** One card per CRM for Settings → Integrations: whether this Herald offers it, and its connection. */
export async function listCrmIntegrations(actor: Actor): Promise<TCrmIntegration[]> {
  const connections = await listCrmConnections(actor);
  return CRM_PROVIDERS.map((provider) => {
    const configured = crmOAuthConfig(provider) !== null;
    return {
      provider,
      label: CRM_LABELS[provider],
      configured,
      setupMessage: configured ? null : crmNotConfiguredMessage(provider),
      connection: connections.find((connection) => connection.provider === provider) ?? null,
    };
  });
}
