import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/settings/api-keys-panel";
import { DeliveriesLog } from "@/components/webhooks/deliveries-log";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";

export const metadata: Metadata = { title: "API and Webhooks" };

export default function ApiSettingsPage() {
  return (
    <>
      <ApiKeysPanel />
      <WebhooksPanel />
      <DeliveriesLog />
    </>
  );
}
