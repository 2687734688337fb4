"use client";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaignApprovals } from "@/server/schemas/approvals";
import type { TCampaign } from "@/server/schemas/campaign";
import { useCampaignUpdate } from "./use-campaign-update";

const SWITCHES: Array<{ key: keyof TCampaignApprovals; label: string; hint: string }> = [
  { key: "comments", label: "AI comments wait for approval", hint: "A drafted comment is posted only after someone approves it in Approvals; off, it is posted as drafted." },
  { key: "aiVoiceNotes", label: "AI voice notes wait for approval", hint: "Generated audio is sent only after someone listens and approves it; off, it is sent as generated." },
  { key: "recordedVoiceNotes", label: "Recorded voice notes wait for approval", hint: "Off (the default), a step's own recording is sent as it is; on, it waits in Approvals too." },
];

/** Which drafts of the campaign wait in the Approvals queue: three switches that save at once. */
export function ApprovalSettings({ campaign }: { campaign: TCampaign }) {
  const update = useCampaignUpdate(campaign.id);
  const pending = update.isPending ? (update.variables?.changes as { approvals?: Partial<TCampaignApprovals> } | undefined)?.approvals : undefined;
  return (
    <Card title="Approvals" description="Drafts that wait in the Approvals queue for a person before they go out.">
      <div className="space-y-4">
        {SWITCHES.map(({ key, label, hint }) => {
          const enabled = pending?.[key] ?? campaign.approvals[key];
          const labelId = `approvals-${key}-label`;
          const hintId = `approvals-${key}-hint`;
          return (
            <div key={key} className="flex items-start justify-between gap-6">
              <div>
                <p id={labelId} className="text-sm font-medium text-slate-800">
                  {label}
                </p>
                <p id={hintId} className="text-sm text-slate-500">
                  {hint}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={enabled}
                aria-labelledby={labelId}
                aria-describedby={hintId}
                disabled={update.isPending}
                onClick={() => update.mutate({ id: campaign.id, changes: { approvals: { [key]: !campaign.approvals[key] } } })}
                className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none ${
                  enabled ? "bg-brand-600" : "bg-slate-300"
                }`}
              >
                <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${enabled ? "translate-x-5" : "translate-x-0.5"}`} />
              </button>
            </div>
          );
        })}
      </div>
      {update.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errorMessage(update.error)}
        </p>
      )}
    </Card>
  );
}
