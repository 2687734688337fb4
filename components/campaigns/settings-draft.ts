// The Settings tab's edits as one draft, and the one campaigns.update that saves them: pure, so the
// tab and the guided set-up compare and send the same way, and a unit test pins what is sent.
import type { TCampaignApprovals } from "@/server/schemas/approvals";
import type { TCampaign, TUpdateCampaignInput } from "@/server/schemas/campaign";
import { ZCampaignExperimentSettings, type TCampaignExperimentSettings } from "@/server/schemas/campaign-experiments";
import type { TCampaignVerification } from "@/server/schemas/verification";
import { SOURCE_NOTICE_MAX_LENGTH } from "@/server/schemas/privacy";
import { formToSchedule, scheduleToForm, type ScheduleForm } from "./schedule-form";

export const UNSUBSCRIBE_MAX = 500;

export interface DeliveryValues {
  opens: boolean;
  clicks: boolean;
  unsubscribe: boolean;
  text: string;
  /** The notice line naming the data source on each lead's first e-mail; "" for none. */
  notice: string;
}

export interface LeadRules {
  listId: string | null;
  excludeListIds: string[];
  excludeOtherCampaigns: boolean;
  excludeSameSenderOtherCampaigns: boolean;
  excludeOtherSenders: boolean;
}

export interface SettingsDraft {
  linkedinAccountIds: string[];
  emailAccountIds: string[];
  schedule: ScheduleForm;
  delivery: DeliveryValues;
  rules: LeadRules;
  aiInterestEnabled: boolean;
  approvals: TCampaignApprovals;
  experiments: TCampaignExperimentSettings;
  verification: TCampaignVerification;
}

export function draftOf(campaign: TCampaign): SettingsDraft {
  return {
    linkedinAccountIds: campaign.linkedinAccountIds,
    emailAccountIds: campaign.emailAccountIds,
    schedule: scheduleToForm(campaign.schedule),
    delivery: { opens: campaign.tracking.opens === "on", clicks: campaign.tracking.clicks === "on", unsubscribe: campaign.unsubscribe.enabled, text: campaign.unsubscribe.text, notice: campaign.sourceNotice ?? "" },
    rules: {
      listId: campaign.listId,
      excludeListIds: campaign.excludeListIds,
      excludeOtherCampaigns: campaign.excludeOtherCampaigns,
      excludeSameSenderOtherCampaigns: campaign.excludeSameSenderOtherCampaigns,
      excludeOtherSenders: campaign.excludeOtherSenders,
    },
    aiInterestEnabled: campaign.aiInterestEnabled,
    approvals: campaign.approvals,
    experiments: campaign.experiments,
    verification: campaign.verification,
  };
}

const sameSet = (a: string[], b: string[]) => [...a].sort().join() === [...b].sort().join();
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A pool's new order: ids that stay keep their place, new ones go last (leads keep their sender). */
function poolOrder(saved: string[], selected: string[]): string[] {
  return [...saved.filter((id) => selected.includes(id)), ...selected.filter((id) => !saved.includes(id))];
}

/** The parts of the draft that differ from the saved campaign, as campaigns.update's `changes`; {} when none. */
export function changesOf(draft: SettingsDraft, campaign: TCampaign): TUpdateCampaignInput {
  const saved = draftOf(campaign);
  const changes: TUpdateCampaignInput = {};
  if (!sameSet(draft.linkedinAccountIds, saved.linkedinAccountIds)) changes.linkedinAccountIds = poolOrder(saved.linkedinAccountIds, draft.linkedinAccountIds);
  if (!sameSet(draft.emailAccountIds, saved.emailAccountIds)) changes.emailAccountIds = poolOrder(saved.emailAccountIds, draft.emailAccountIds);
  const schedule = formToSchedule(draft.schedule);
  if (!same(schedule, formToSchedule(saved.schedule))) changes.schedule = schedule;
  const { notice, ...delivery } = draft.delivery;
  const { notice: savedNotice, ...savedDelivery } = saved.delivery;
  if (notice.trim() !== savedNotice) changes.sourceNotice = notice.trim() || null;
  if (!same(delivery, savedDelivery)) {
    changes.tracking = { opens: draft.delivery.opens ? "on" : "off", clicks: draft.delivery.clicks ? "on" : "off" };
    changes.unsubscribe = { enabled: draft.delivery.unsubscribe, text: draft.delivery.text.trim() };
  }
  if (draft.rules.listId !== saved.rules.listId) changes.listId = draft.rules.listId;
  if (!sameSet(draft.rules.excludeListIds, saved.rules.excludeListIds)) changes.excludeListIds = draft.rules.excludeListIds;
  for (const flag of ["excludeOtherCampaigns", "excludeSameSenderOtherCampaigns", "excludeOtherSenders"] as const) {
    if (draft.rules[flag] !== saved.rules[flag]) changes[flag] = draft.rules[flag];
  }
  if (draft.aiInterestEnabled !== saved.aiInterestEnabled) changes.aiInterestEnabled = draft.aiInterestEnabled;
  const approvals: Partial<TCampaignApprovals> = {};
  for (const key of Object.keys(saved.approvals) as Array<keyof TCampaignApprovals>) {
    if (draft.approvals[key] !== saved.approvals[key]) approvals[key] = draft.approvals[key];
  }
  if (Object.keys(approvals).length) changes.approvals = approvals;
  const experiments: Partial<TCampaignExperimentSettings> = {};
  for (const key of Object.keys(saved.experiments) as Array<keyof TCampaignExperimentSettings>) {
    if (draft.experiments[key] !== saved.experiments[key]) Object.assign(experiments, { [key]: draft.experiments[key] });
  }
  if (Object.keys(experiments).length) changes.experiments = experiments;
  const verification: Partial<TCampaignVerification> = {};
  for (const key of Object.keys(saved.verification) as Array<keyof TCampaignVerification>) {
    if (draft.verification[key] !== saved.verification[key]) Object.assign(verification, { [key]: draft.verification[key] });
  }
  if (Object.keys(verification).length) changes.verification = verification;
  return changes;
}

/** What the browser can tell before saving, keyed like the server's field errors. */
export function draftProblems(draft: SettingsDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (draft.delivery.unsubscribe && draft.delivery.text.length > UNSUBSCRIBE_MAX) problems["unsubscribe.text"] = `must be at most ${UNSUBSCRIBE_MAX} characters`;
  if (draft.delivery.notice.trim().length > SOURCE_NOTICE_MAX_LENGTH) problems.sourceNotice = `must be at most ${SOURCE_NOTICE_MAX_LENGTH} characters`;
  // The same schema the server parses with, so the messages match.
  const experiments = ZCampaignExperimentSettings.safeParse(draft.experiments);
  for (const issue of experiments.success ? [] : experiments.error.issues) problems[`experiments.${issue.path.join(".")}`] ??= issue.message;
  return problems;
}
