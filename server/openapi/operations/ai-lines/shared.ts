import { z } from "zod";

export const ZAiLineIdParams = z.object({
  id: z.string().min(1).meta({ description: "AI line id", example: "ail_1f2e3d4c5b6a79880716253443526170" }),
});

export const BEYOND_THE_SPEC_AI_LINES = "Beyond the spec: per-lead AI lines (`config.aiVariables` of a step, used as `{{ai.<name>}}`).";

export const AI_LINE_STATUSES_IN_WORDS =
  "Statuses: `ready` (written; used as it is), `pending-approval` (the step asks for approval: its lead waits), `approved`, `rejected` (the lead's step takes the fallback), `failed` (no line could be written; `reason` says why, and the step takes the fallback).";
