// The installation's mail platform for managed mailboxes: the sandbox (default) or Microsoft 365
// through Microsoft Graph (HERALD_MAIL_PLATFORM=microsoft-graph with HERALD_GRAPH_TENANT_ID,
// HERALD_GRAPH_CLIENT_ID and HERALD_GRAPH_CLIENT_SECRET; docs/mailbox-orders.md).
import { env, type Env } from "../../env";
import type { MailPlatform } from "./types";

const slot: typeof globalThis & { __heraldMailPlatform?: MailPlatform } = globalThis;

export async function mailPlatformFromEnv(settings: Env): Promise<MailPlatform> {
  switch (settings.HERALD_MAIL_PLATFORM) {
    case "microsoft-graph": {
      const { createMicrosoftGraphPlatform } = await import("./microsoft-graph/microsoft-graph-platform");
      return createMicrosoftGraphPlatform({
        tenantId: settings.HERALD_GRAPH_TENANT_ID!,
        clientId: settings.HERALD_GRAPH_CLIENT_ID!,
        clientSecret: settings.HERALD_GRAPH_CLIENT_SECRET!,
        graphUrl: settings.HERALD_GRAPH_URL,
        tokenUrl: settings.HERALD_GRAPH_TOKEN_URL,
      });
    }
    default: {
      const { createSandboxMailPlatform } = await import("./sandbox/sandbox-mail-platform");
      return createSandboxMailPlatform();
    }
  }
}

export async function getMailPlatform(): Promise<MailPlatform> {
  slot.__heraldMailPlatform ??= await mailPlatformFromEnv(env());
  return slot.__heraldMailPlatform;
}

/** Tests replace the platform (e.g. to record calls or fail); undefined restores the configured one. */
export function setMailPlatform(platform: MailPlatform | undefined): void {
  slot.__heraldMailPlatform = platform;
}
