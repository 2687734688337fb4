"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { TCampaign } from "@/server/schemas/campaign";
import { ActivationError } from "../activation-error";
import { campaignFieldErrors } from "../field-errors";
import { SettingsSection } from "../settings-section";
import { useCampaignUpdate } from "../use-campaign-update";
import { StepNav } from "./step-nav";
import { SETUP_STEPS, setupHref, stepLabel, stepOfLaunchError, type SetupStepId } from "./setup-steps";

const MISSING: Record<Exclude<SetupStepId, "launch">, string> = {
  name: "The campaign has no name.",
  sequence: "No steps yet: leads would have nothing to go through.",
  senders: "Missing a sender (for LinkedIn steps) or a mailbox (for e-mail steps).",
  leads: "No leads yet: the campaign runs, and starts on leads as you add them.",
  schedule: "The schedule has no day to act on.",
};

/** The last step: what is ready and what is not, and Launch, which activates with the campaign's usual checks. */
export function LaunchStep({ campaign, done, unsaved }: { campaign: TCampaign; done: Record<SetupStepId, boolean>; unsaved: boolean }) {
  const router = useRouter();
  const launch = useCampaignUpdate(campaign.id);
  const atFault = stepOfLaunchError(Object.keys(campaignFieldErrors(launch.error)));
  const goTo = (step: SetupStepId) => router.push(setupHref(campaign.id, step));
  return (
    <SettingsSection title="Launch" description="Check what is ready, then launch: the campaign becomes active and starts on its leads within its schedule.">
      <ul className="space-y-2" aria-label="Ready to launch">
        {SETUP_STEPS.filter((step) => step.id !== "launch").map((step) => (
          <li key={step.id} data-testid="launch-check" className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span aria-hidden="true" className={done[step.id] ? "text-green-700" : "text-amber-700"}>
              {done[step.id] ? "✓" : "!"}
            </span>
            <span className="font-medium text-slate-900">{step.label}</span>
            {done[step.id] ? (
              <span className="text-slate-500">ready</span>
            ) : (
              <>
                <span className="text-slate-600">{MISSING[step.id as Exclude<SetupStepId, "launch">]}</span>
                <Link href={setupHref(campaign.id, step.id)} className="font-medium text-brand-700 hover:underline">
                  Go to {step.label}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-5 space-y-3">
        {/* The pools and the schedule are saved by their steps' Next; a step left by the stepper keeps its edits unsaved. */}
        {unsaved && (
          <Alert tone="warning">
            Changes to the senders, mailboxes or schedule are not saved yet, and a launch now would not use them: go back to that step and choose Save and continue.
          </Alert>
        )}
        <ActivationError
          campaign={campaign}
          error={launch.error}
          activating
          onOpenPools={() => goTo("senders")}
          fix={
            atFault && (
              <Link href={setupHref(campaign.id, atFault)} className="font-medium underline">
                Go to {stepLabel(atFault)}
              </Link>
            )
          }
        />
        <Button
          disabled={launch.isPending || launch.isSuccess}
          onClick={() => launch.mutate({ id: campaign.id, changes: { status: "active" } }, { onSuccess: () => router.push(`/campaigns/${campaign.id}`) })}
        >
          {launch.isPending || launch.isSuccess ? "Launching…" : "Launch campaign"}
        </Button>
      </div>
      <StepNav campaignId={campaign.id} step="launch" done={done.launch} />
    </SettingsSection>
  );
}
