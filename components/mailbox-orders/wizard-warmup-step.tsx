"use client";
// Step 3: whether the new mailboxes warm up once connected, and how fast.
import { WARMUP_PRESET_EXPLAINED } from "@/server/domain/mail/warmup-ramp";
import type { WarmupPreset } from "./wizard-state";

const PRESET_NAMES: Record<WarmupPreset, string> = { conservative: "Conservative", standard: "Standard", aggressive: "Aggressive" };

export function WizardWarmupStep({ enabled, preset, onChange }: { enabled: boolean; preset: WarmupPreset; onChange: (warmup: { enabled: boolean; preset: WarmupPreset }) => void }) {
  return (
    <div className="space-y-4">
      <label className="flex items-start gap-3 text-sm">
        <input type="checkbox" checked={enabled} onChange={(event) => onChange({ enabled: event.target.checked, preset })} className="mt-0.5 size-4 rounded border-slate-300" />
        <span>
          <span className="font-medium text-slate-800">Warm up the new mailboxes</span>
          <span className="block text-slate-500">New mailboxes that send campaigns at once land in spam; warmup builds their reputation first.</span>
        </span>
      </label>
      {enabled && (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Warmup pace</legend>
          {(Object.keys(PRESET_NAMES) as WarmupPreset[]).map((option) => (
            <label key={option} className={`flex cursor-pointer items-start gap-3 rounded-md p-3 text-sm ring-1 ${preset === option ? "bg-brand-50 ring-brand-300" : "bg-white ring-slate-200"}`}>
              <input type="radio" name="warmup-preset" value={option} checked={preset === option} onChange={() => onChange({ enabled, preset: option })} className="mt-0.5" />
              <span>
                <span className="block font-medium text-slate-900">{PRESET_NAMES[option]}</span>
                <span className="block text-xs text-slate-600">{WARMUP_PRESET_EXPLAINED[option]}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
