import type { Metadata } from "next";
import { WorkspaceSettings } from "@/components/settings/workspace-settings";
import { CreditLedger } from "@/components/settings/credit-ledger";
import { InstanceAdminsPanel } from "@/components/settings/instance-admins-panel";
import { OutcomeNamesSettings } from "@/components/settings/outcome-names-settings";
import { VerificationSettings } from "@/components/settings/verification-settings";
import { RetentionSettings } from "@/components/settings/retention-settings";

export const metadata: Metadata = { title: "Settings" };

export default function GeneralSettingsPage() {
  return (
    <>
      <WorkspaceSettings />
      <OutcomeNamesSettings />
      <VerificationSettings />
      <RetentionSettings />
      {/* The Companies page links here (#ai-credits) when a search needs more credits. */}
      <div id="ai-credits" className="scroll-mt-6">
        <CreditLedger />
      </div>
      {/* Instance administrators only (the panel renders nothing for anyone else). */}
      <InstanceAdminsPanel />
    </>
  );
}
