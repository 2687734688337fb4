"use client";
import type { TCampaignApprovals } from "@/server/schemas/approvals";
import { SettingSwitch } from "./setting-switch";
import { SettingsSection } from "./settings-section";

const SWITCHES: Array<{ key: keyof TCampaignApprovals; label: string; hint: string }> = [
  { key: "comments", label: "AI comments wait for approval", hint: "A drafted comment is posted only after someone approves it in Approvals; off, it is posted as drafted." },
  { key: "aiVoiceNotes", label: "AI voice notes wait for approval", hint: "Generated audio is sent only after someone listens and approves it; off, it is sent as generated." },
  { key: "recordedVoiceNotes", label: "Recorded voice notes wait for approval", hint: "Off (the default), a step's own recording is sent as it is; on, it waits in Approvals too." },
];

/** Which drafts of the campaign wait in the Approvals queue (controlled: saved with the rest of the settings). */
export function ApprovalSettings({ approvals, onChange }: { approvals: TCampaignApprovals; onChange: (approvals: TCampaignApprovals) => void }) {
  return (
    <SettingsSection title="Approvals" description="Drafts that wait in the Approvals queue for a person before they go out.">
      <div className="space-y-4">
        {SWITCHES.map(({ key, label, hint }) => (
          <SettingSwitch key={key} id={`approvals-${key}`} label={label} hint={hint} checked={approvals[key]} onChange={(on) => onChange({ ...approvals, [key]: on })} />
        ))}
      </div>
    </SettingsSection>
  );
}
