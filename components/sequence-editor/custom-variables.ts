// Custom variable names a placeholder can use: those the campaign's leads carry, and those the
// copy already uses that are not standard lead fields.
import { TEXT_FIELDS, LEAD_FIELDS } from "./fields";
import type { EditorStep } from "./tree";

const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;
const STANDARD = new Set(LEAD_FIELDS.map((field) => field.name));

export function customVariableNames(leads: ReadonlyArray<{ customVariables: Record<string, string> }>, steps: readonly EditorStep[]): string[] {
  const names = new Set<string>();
  for (const lead of leads) for (const name of Object.keys(lead.customVariables)) if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) names.add(name);
  for (const step of steps) {
    for (const variant of step.config.variants) {
      for (const field of TEXT_FIELDS) {
        for (const match of (variant[field] ?? "").matchAll(PLACEHOLDER)) names.add(match[1]!);
      }
    }
  }
  return [...names].filter((name) => !STANDARD.has(name)).sort((a, b) => a.localeCompare(b));
}
