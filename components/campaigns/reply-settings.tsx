"use client";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import { useCampaignUpdate } from "./use-campaign-update";

/** AI reading of replies: a switch that saves at once. */
export function ReplySettings({ campaign }: { campaign: TCampaign }) {
  const update = useCampaignUpdate(campaign.id);
  const enabled = update.isPending ? !campaign.aiInterestEnabled : campaign.aiInterestEnabled;
  return (
    <Card title="Replies">
      <div className="flex items-start justify-between gap-6">
        <div>
          <p id="ai-interest-label" className="text-sm font-medium text-slate-800">
            Classify replies with AI
          </p>
          <p id="ai-interest-hint" className="text-sm text-slate-500">
            Each reply sets the lead&apos;s interest (interested, not interested, neutral). Uses the workspace&apos;s AI credits.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={enabled}
          aria-labelledby="ai-interest-label"
          aria-describedby="ai-interest-hint"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: campaign.id, changes: { aiInterestEnabled: !campaign.aiInterestEnabled } })}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none ${
            enabled ? "bg-brand-600" : "bg-slate-300"
          }`}
        >
          <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${enabled ? "translate-x-5" : "translate-x-0.5"}`} />
        </button>
      </div>
      {update.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(update.error)}
        </p>
      )}
    </Card>
  );
}
