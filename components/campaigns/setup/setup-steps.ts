// The guided set-up of a campaign: its six steps, which are done (read from the campaign itself, so
// progress is right after a reload or an edit elsewhere), and which step a refused launch points at.
import { activationIssues } from "@/server/domain/sequence/campaign-channels";
import type { TCampaign } from "@/server/schemas/campaign";

export const SETUP_STEPS = [
  { id: "name", label: "Name" },
  { id: "sequence", label: "Sequence" },
  { id: "senders", label: "Senders & mailboxes" },
  { id: "leads", label: "Leads" },
  { id: "schedule", label: "Schedule" },
  { id: "launch", label: "Launch" },
] as const;

export type SetupStepId = (typeof SETUP_STEPS)[number]["id"];

export type SetupFacts = Pick<TCampaign, "name" | "status" | "linkedinAccountIds" | "emailAccountIds" | "schedule"> & {
  sequence: { steps: ReadonlyArray<{ type: TCampaign["sequence"]["steps"][number]["type"] }> };
  stats: { total: number };
};

/** Which steps are done: a name, some steps, senders and mailboxes for every channel the steps use, some leads, a schedule with a day to act on, and launched. */
export function setupProgress(campaign: SetupFacts): Record<SetupStepId, boolean> {
  return {
    name: campaign.name.trim().length > 0,
    sequence: campaign.sequence.steps.length > 0,
    senders: activationIssues({ steps: campaign.sequence.steps, linkedinAccountIds: campaign.linkedinAccountIds, emailAccountIds: campaign.emailAccountIds }).length === 0,
    leads: campaign.stats.total > 0,
    schedule: campaign.schedule.activeDays.length > 0,
    launch: campaign.status === "active",
  };
}

/** The steps before Launch that are not done yet, in order. */
export function missingParts(campaign: SetupFacts): SetupStepId[] {
  const done = setupProgress(campaign);
  return SETUP_STEPS.filter((step) => step.id !== "launch" && !done[step.id]).map((step) => step.id);
}

/** A draft with parts missing is offered "Continue set-up" on its page. */
export function needsSetup(campaign: SetupFacts): boolean {
  return campaign.status === "draft" && missingParts(campaign).length > 0;
}

export function isSetupStep(value: string | null): value is SetupStepId {
  return SETUP_STEPS.some((step) => step.id === value);
}

/** The step the URL asks for, else the first one not done (Launch once everything is). */
export function currentStep(requested: string | null, campaign: SetupFacts): SetupStepId {
  if (isSetupStep(requested)) return requested;
  return missingParts(campaign)[0] ?? "launch";
}

export function stepIndex(id: SetupStepId): number {
  return SETUP_STEPS.findIndex((step) => step.id === id);
}

export function stepLabel(id: SetupStepId): string {
  return SETUP_STEPS[stepIndex(id)]!.label;
}

/** "Step 3 of 6: Senders & mailboxes": the stepper on a phone. */
export function stepPosition(id: SetupStepId): string {
  return `Step ${stepIndex(id) + 1} of ${SETUP_STEPS.length}: ${stepLabel(id)}`;
}

export function neighbours(id: SetupStepId): { previous: SetupStepId | null; next: SetupStepId | null } {
  const index = stepIndex(id);
  return { previous: SETUP_STEPS[index - 1]?.id ?? null, next: SETUP_STEPS[index + 1]?.id ?? null };
}

export function setupHref(campaignId: string, step: SetupStepId): string {
  return `/campaigns/${campaignId}?setup=1&step=${step}`;
}

/** Which campaign field goes with which step, for a refused launch's field errors. */
const FIELD_STEPS: Array<{ prefix: string; step: SetupStepId }> = [
  { prefix: "name", step: "name" },
  { prefix: "sequence", step: "sequence" },
  { prefix: "linkedinAccountIds", step: "senders" },
  { prefix: "emailAccountIds", step: "senders" },
  { prefix: "listId", step: "leads" },
  { prefix: "excludeListIds", step: "leads" },
  { prefix: "schedule", step: "schedule" },
];

/** The step to fix after a refused launch: the first step (in set-up order) that holds one of its field errors; null when no field is named. */
export function stepOfLaunchError(fields: string[]): SetupStepId | null {
  const named = (prefix: string) => fields.some((field) => field === prefix || field.startsWith(`${prefix}.`));
  const steps = FIELD_STEPS.filter(({ prefix }) => named(prefix)).map(({ step }) => step);
  return SETUP_STEPS.find((step) => steps.includes(step.id))?.id ?? null;
}
