import type { Metadata } from "next";
import { ApiKeysPanel } from "@/components/settings/api-keys-panel";

export const metadata: Metadata = { title: "API and Webhooks" };

export default function ApiSettingsPage() {
  return <ApiKeysPanel />;
}
