"use client";
// The guided set-up of a new campaign (/campaigns/{id}?setup=1&step=…): Name → Sequence → Senders &
// mailboxes → Leads → Schedule → Launch, each step the page's own editor for that part. The campaign
// exists from the start as a draft, so leaving at any step loses nothing saved.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { SequenceEditor } from "@/components/sequence-editor/sequence-editor";
import { Alert } from "@/components/ui/alert";
import { Field, Input } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { sequenceChannels } from "@/server/domain/sequence/campaign-channels";
import type { TCampaign } from "@/server/schemas/campaign";
import { campaignFieldErrors, firstErrorUnder } from "../field-errors";
import { LeadsPanel } from "../../leads/leads-panel";
import { MailboxPoolEditor } from "../mailbox-pool-editor";
import { ScheduleEditor } from "../schedule-editor";
import { SenderPoolEditor } from "../sender-pool-editor";
import { SettingsSection } from "../settings-section";
import { CampaignStatusBadge } from "../status-badges";
import { useCampaignUpdate } from "../use-campaign-update";
import { useSettingsDraft } from "../use-settings-draft";
import { LaunchStep } from "./launch-step";
import { currentStep, neighbours, setupHref, setupProgress, type SetupStepId } from "./setup-steps";
import { SetupStepper } from "./setup-stepper";
import { StepNav } from "./step-nav";

function NameStep({ campaign, done, onSaved }: { campaign: TCampaign; done: boolean; onSaved: () => void }) {
  const rename = useCampaignUpdate(campaign.id);
  const [name, setName] = useState(campaign.name);
  const error = campaignFieldErrors(rename.error).name;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (name.trim() === campaign.name) onSaved();
    else rename.mutate({ id: campaign.id, changes: { name } }, { onSuccess: onSaved });
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsSection title="Name" description="Only your team sees it: name the campaign after whom it reaches and why.">
        {rename.error && !error && <Alert tone="error">{errorMessage(rename.error)}</Alert>}
        <Field label="Campaign name" htmlFor="setup-campaign-name" error={error}>
          <Input id="setup-campaign-name" value={name} onChange={(event) => setName(event.target.value)} maxLength={120} aria-invalid={Boolean(error)} autoComplete="off" />
        </Field>
        <StepNav campaignId={campaign.id} step="name" done={done} submit busy={rename.isPending} />
      </SettingsSection>
    </form>
  );
}

/** The step's body: the campaign page's own editors, the settings ones over one shared draft saved by Next. */
export function GuidedSetup({ campaign, requested }: { campaign: TCampaign; requested: string | null }) {
  const router = useRouter();
  const [opened] = useState(() => currentStep(requested, campaign));
  // With no step in the URL the set-up opens where it was left; after that the URL leads.
  const step = requested ? currentStep(requested, campaign) : opened;
  const done = setupProgress(campaign);
  const settings = useSettingsDraft(campaign);
  const goNext = () => {
    const { next } = neighbours(step);
    if (next) router.push(setupHref(campaign.id, next));
  };
  const saveAndGo = () => settings.save(goNext);
  const saveError = settings.erroneousParts.length ? `Not saved: check ${settings.erroneousParts.join(", ")}.` : settings.update.error ? errorMessage(settings.update.error) : null;
  const channels = sequenceChannels(campaign.sequence.steps);
  const saving = { onNext: saveAndGo, busy: settings.update.isPending, nextLabel: settings.dirty ? "Save and continue" : undefined };

  return (
    <>
      <header className="mb-6 space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link href="/campaigns" className="text-sm text-slate-500 hover:text-slate-800">
            ← Campaigns
          </Link>
          <Link href={`/campaigns/${campaign.id}`} className="text-sm font-medium text-brand-700 hover:underline">
            Finish later
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl break-words font-semibold tracking-tight text-slate-900">{campaign.name}</h1>
          <span data-testid="campaign-status">
            <CampaignStatusBadge status={campaign.status} />
          </span>
        </div>
        <p className="text-sm text-slate-500">Set up the campaign step by step. Everything you save is kept: leave at any time and continue later.</p>
      </header>
      <SetupStepper campaignId={campaign.id} current={step} done={done} />
      <Step step={step} campaign={campaign} done={done} unsaved={settings.dirty} onNameSaved={goNext}>
        {step === "senders" && (
          <div className="space-y-6">
            {(channels.linkedin || campaign.linkedinAccountIds.length > 0) && (
              <SenderPoolEditor
                campaign={campaign}
                selected={settings.draft.linkedinAccountIds}
                onChange={(ids) => settings.set("linkedinAccountIds", ids)}
                error={firstErrorUnder(settings.errors, "linkedinAccountIds")}
              />
            )}
            {(channels.email || campaign.emailAccountIds.length > 0) && (
              <MailboxPoolEditor campaign={campaign} selected={settings.draft.emailAccountIds} onChange={(ids) => settings.set("emailAccountIds", ids)} error={firstErrorUnder(settings.errors, "emailAccountIds")} />
            )}
          </div>
        )}
        {step === "schedule" && <ScheduleEditor form={settings.draft.schedule} onChange={(schedule) => settings.set("schedule", schedule)} errors={settings.errors} />}
        {(step === "senders" || step === "schedule") && (
          <>
            {saveError && (
              <div className="mt-4">
                <Alert tone="error">{saveError}</Alert>
              </div>
            )}
            <StepNav campaignId={campaign.id} step={step} done={done[step]} {...saving} />
          </>
        )}
      </Step>
    </>
  );
}

/** The steps whose body is one whole editor; the settings steps come as children. */
function Step({
  step,
  campaign,
  done,
  unsaved,
  onNameSaved,
  children,
}: {
  step: SetupStepId;
  campaign: TCampaign;
  done: Record<SetupStepId, boolean>;
  unsaved: boolean;
  onNameSaved: () => void;
  children: ReactNode;
}) {
  switch (step) {
    case "name":
      return <NameStep campaign={campaign} done={done.name} onSaved={onNameSaved} />;
    case "sequence":
      return (
        <>
          <p className="mb-3 text-sm text-slate-600">Add the steps leads go through, then save the sequence. You can change it later.</p>
          <SequenceEditor campaignId={campaign.id} embedded />
          <StepNav campaignId={campaign.id} step="sequence" done={done.sequence} />
        </>
      );
    case "leads":
      return (
        <>
          <LeadsPanel campaign={campaign} />
          <StepNav campaignId={campaign.id} step="leads" done={done.leads} />
        </>
      );
    case "launch":
      return <LaunchStep campaign={campaign} done={done} unsaved={unsaved} />;
    default:
      return <>{children}</>;
  }
}
