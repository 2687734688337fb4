"use client";
import { Field, Input } from "@/components/ui/field";
import type { TCampaignExperimentSettings } from "@/server/schemas/campaign-experiments";
import { SettingSwitch } from "./setting-switch";
import { SettingsSection } from "./settings-section";

/** The threshold as people type it: a percentage with at most one decimal. */
const asPercent = (threshold: number) => (Number.isFinite(threshold) ? String(Math.round(threshold * 1000) / 10) : "");

/** Auto-promotion of a step's winning A/B variant (controlled: saved with the rest of the settings). */
export function ExperimentSettings({
  experiments,
  onChange,
  errors,
}: {
  experiments: TCampaignExperimentSettings;
  onChange: (experiments: TCampaignExperimentSettings) => void;
  errors: Record<string, string>;
}) {
  const thresholdError = errors["experiments.threshold"];
  const minimumError = errors["experiments.minLeadsPerVariant"];
  return (
    <SettingsSection title="A/B experiments" description="What happens when a step's variants have been tested long enough to tell which works best.">
      <div className="space-y-4">
        <SettingSwitch
          id="experiments-autoPromote"
          label="Promote the winning variant"
          hint="When a variant's chance to be best passes the threshold and every variant has reached the minimum, new leads get only that variant. Leads already past the step keep theirs; the campaign's history records it."
          checked={experiments.autoPromote}
          onChange={(autoPromote) => onChange({ ...experiments, autoPromote })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Chance to be best (%)" htmlFor="experiments-threshold" error={thresholdError} hint="From 50 to 99.9; 95 by default.">
            <Input
              id="experiments-threshold"
              type="number"
              inputMode="decimal"
              min={50}
              max={99.9}
              step={0.1}
              value={asPercent(experiments.threshold)}
              aria-invalid={Boolean(thresholdError)}
              onChange={(event) => onChange({ ...experiments, threshold: event.target.value === "" ? Number.NaN : Math.round(Number(event.target.value) * 10) / 1000 })}
            />
          </Field>
          <Field label="Minimum leads per variant" htmlFor="experiments-minimum" error={minimumError} hint="At least 20; 100 by default.">
            <Input
              id="experiments-minimum"
              type="number"
              inputMode="numeric"
              min={20}
              step={1}
              value={Number.isFinite(experiments.minLeadsPerVariant) ? experiments.minLeadsPerVariant : ""}
              aria-invalid={Boolean(minimumError)}
              onChange={(event) => onChange({ ...experiments, minLeadsPerVariant: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
            />
          </Field>
        </div>
      </div>
    </SettingsSection>
  );
}
