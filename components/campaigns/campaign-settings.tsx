"use client";
import type { FormEvent } from "react";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { ApprovalSettings } from "./approval-settings";
import { EmailDeliverySettings } from "./email-delivery-settings";
import { ExperimentSettings } from "./experiment-settings";
import { firstErrorUnder } from "./field-errors";
import { LeadRulesEditor } from "./lead-rules-editor";
import { MailboxPoolEditor } from "./mailbox-pool-editor";
import { ReplySettings } from "./reply-settings";
import { SaveBar } from "./save-bar";
import { ScheduleEditor } from "./schedule-editor";
import { SenderPoolEditor } from "./sender-pool-editor";
import { useSettingsDraft } from "./use-settings-draft";
import { VerificationSettings } from "./verification-settings";

/**
 * The Settings tab: one form, one Save. Every part's edits wait in one draft and go out in one
 * update that is checked whole before anything is written, so a save never leaves half the settings.
 */
export function CampaignSettings({ campaign }: { campaign: TCampaign }) {
  const { draft, set, errors, erroneousParts, dirty, save, discard, update } = useSettingsDraft(campaign);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save();
  }
  const barError = erroneousParts.length
    ? `Not saved: check ${erroneousParts.join(", ")}.`
    : update.error
      ? errorMessage(update.error)
      : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Campaign settings" className="space-y-6">
      <SenderPoolEditor campaign={campaign} selected={draft.linkedinAccountIds} onChange={(ids) => set("linkedinAccountIds", ids)} error={firstErrorUnder(errors, "linkedinAccountIds")} />
      <MailboxPoolEditor campaign={campaign} selected={draft.emailAccountIds} onChange={(ids) => set("emailAccountIds", ids)} error={firstErrorUnder(errors, "emailAccountIds")} />
      <ScheduleEditor form={draft.schedule} onChange={(schedule) => set("schedule", schedule)} errors={errors} />
      <EmailDeliverySettings campaignId={campaign.id} values={draft.delivery} onChange={(delivery) => set("delivery", delivery)} textError={errors["unsubscribe.text"]} noticeError={errors.sourceNotice} />
      <VerificationSettings verification={draft.verification} onChange={(verification) => set("verification", verification)} />
      <LeadRulesEditor rules={draft.rules} onChange={(rules) => set("rules", rules)} errors={errors} />
      <ReplySettings enabled={draft.aiInterestEnabled} onChange={(enabled) => set("aiInterestEnabled", enabled)} />
      <ApprovalSettings approvals={draft.approvals} onChange={(approvals) => set("approvals", approvals)} />
      <ExperimentSettings experiments={draft.experiments} onChange={(experiments) => set("experiments", experiments)} errors={errors} />
      {/* Kept in view while scrolling: the state of the whole form and its one Save. */}
      <div className="sticky bottom-0 z-10 -mx-1 rounded-lg bg-white/95 px-4 pb-3 shadow-[0_-1px_0_0_rgb(226_232_240)] backdrop-blur">
        <SaveBar dirty={dirty} saving={update.isPending} saved={update.isSuccess} error={barError} label="Save settings" onReset={discard} />
      </div>
    </form>
  );
}
