import type { Metadata } from "next";
import { Suspense } from "react";
import { IntegrationsSettings } from "@/components/crm/integrations-settings";

export const metadata: Metadata = { title: "Integrations" };

export default function IntegrationsSettingsPage() {
  // The page reads the outcome a CRM's sign-in sent back (?status=&message=) from the address.
  return (
    <Suspense>
      <IntegrationsSettings />
    </Suspense>
  );
}
