import { createHash } from "node:crypto";

/** A lead's A/B variant at a step: random across leads, the same every time for one lead. */
export function chooseVariant<T extends { id: string }>(variants: T[], campaignLeadId: string, stepId: string): T {
  if (variants.length <= 1) return variants[0]!;
  const value = createHash("sha256").update(`${campaignLeadId}:${stepId}`).digest().readUInt32BE(0);
  return variants[value % variants.length]!;
}
