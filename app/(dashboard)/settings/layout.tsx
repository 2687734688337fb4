import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { SettingsTabs } from "@/components/settings/settings-tabs";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" description="Workspace, team, API access and credits." />
      <SettingsTabs />
      <div className="mt-6 space-y-6">{children}</div>
    </>
  );
}
