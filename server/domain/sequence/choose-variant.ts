import { stableHash32 } from "./stable-hash";

/** A lead's A/B variant at a step: random across leads, the same every time for one lead. */
export function chooseVariant<T extends { id: string }>(variants: T[], campaignLeadId: string, stepId: string): T {
  if (variants.length <= 1) return variants[0]!;
  const value = stableHash32(`${campaignLeadId}:${stepId}`);
  return variants[value % variants.length]!;
}
