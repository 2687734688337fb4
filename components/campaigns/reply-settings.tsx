"use client";
import { SettingSwitch } from "./setting-switch";
import { SettingsSection } from "./settings-section";

/** AI reading of replies (controlled: saved with the rest of the settings). */
export function ReplySettings({ enabled, onChange }: { enabled: boolean; onChange: (enabled: boolean) => void }) {
  return (
    <SettingsSection title="Replies">
      <SettingSwitch
        id="ai-interest"
        label="Classify replies with AI"
        hint="Each reply sets the lead's interest (interested, not interested, neutral). Uses the workspace's AI credits."
        checked={enabled}
        onChange={onChange}
      />
    </SettingsSection>
  );
}
