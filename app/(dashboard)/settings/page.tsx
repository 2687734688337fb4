import type { Metadata } from "next";
import { WorkspaceSettings } from "@/components/settings/workspace-settings";
import { CreditLedger } from "@/components/settings/credit-ledger";

export const metadata: Metadata = { title: "Settings" };

export default function GeneralSettingsPage() {
  return (
    <>
      <WorkspaceSettings />
      <CreditLedger />
    </>
  );
}
