"use client";
import { Field, Select } from "@/components/ui/field";
import type { TCampaignVerification } from "@/server/schemas/verification";
import { SettingsSection } from "./settings-section";

type Choice = TCampaignVerification["invalid"];

const CHOICES: Array<{ value: Choice; label: string }> = [
  { value: "skip", label: "Skip" },
  { value: "send", label: "Send anyway" },
];

/** What the campaign's e-mail steps do with addresses verification found invalid or risky (controlled: saved with the rest of the settings). */
export function VerificationSettings({ verification, onChange }: { verification: TCampaignVerification; onChange: (verification: TCampaignVerification) => void }) {
  return (
    <SettingsSection
      title="Address verification"
      description="Herald checks each address before the lead's first e-mail. A skipped lead moves on by the step's no-reply branch, with the reason in its history."
    >
      <div className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Invalid addresses" htmlFor="verification-invalid" hint="Bad syntax, a domain that receives no mail, an address that bounced before.">
            <Select id="verification-invalid" value={verification.invalid} onChange={(event) => onChange({ ...verification, invalid: event.target.value as Choice })}>
              {CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Risky addresses" htmlFor="verification-risky" hint="A catch-all domain, a role address such as info@, a throwaway provider.">
            <Select id="verification-risky" value={verification.risky} onChange={(event) => onChange({ ...verification, risky: event.target.value as Choice })}>
              {CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            id="verification-targetsCompanies"
            className="mt-0.5 size-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            checked={verification.targetsCompanies}
            onChange={(event) => onChange({ ...verification, targetsCompanies: event.target.checked })}
          />
          <span>
            This campaign writes to people at their work (free webmail counts as risky)
            <span className="block text-xs text-slate-500">Off, an address at gmail.com or another free provider counts as valid.</span>
          </span>
        </label>
      </div>
    </SettingsSection>
  );
}
