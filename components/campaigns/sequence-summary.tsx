import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { TCampaign } from "@/server/schemas/campaign";
import { formatWait, outline, readSteps } from "./sequence-outline";
import { plural } from "@/components/ui/plural";

function EditLink({ campaignId, label = "Edit sequence" }: { campaignId: string; label?: string }) {
  return (
    <Link
      href={`/campaigns/${campaignId}/sequence`}
      className="inline-flex items-center gap-1.5 rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white shadow-xs hover:bg-brand-700"
    >
      {label}
    </Link>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function timing(hours: number): string {
  return hours > 0 ? `after ${formatWait(hours)}` : "right away";
}

/** A read-only outline of the sequence in tree order; editing happens in the sequence editor. */
export function SequenceSummary({ campaign }: { campaign: TCampaign }) {
  const entries = outline(readSteps(campaign.sequence.steps));
  if (!entries.length) {
    return (
      <EmptyState title="No steps yet" action={<EditLink campaignId={campaign.id} label="Build the sequence" />}>
        The sequence is what leads go through: visit the profile, send a connection request, then messages, with yes and no branches and
        delays between them.
      </EmptyState>
    );
  }
  return (
    <Card title="Sequence" description={`${plural(entries.length, "step")}, in the order leads meet them.`} actions={<EditLink campaignId={campaign.id} />}>
      {campaign.leadsInProgress && (
        <div className="mb-4">
          <Alert tone="info">Leads are in progress: copy and delays can still change and steps can be appended, but steps cannot be removed, moved or retyped.</Alert>
        </div>
      )}
      <ol className="space-y-2" aria-label="Steps">
        {entries.map((entry, index) => (
          <li key={entry.step.id} data-testid="sequence-step" style={{ marginLeft: `${entry.depth * 1.75}rem` }} className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex h-6 min-w-6 shrink-0 px-1 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700 tabular-nums">
              #{entry.number}
            </span>
            <div className="min-w-0 rounded-md px-3 py-1.5 ring-1 ring-slate-200">
              {index > 0 && (
                <p className="text-xs text-slate-500">
                  {entry.via ? (
                    <>
                      <span className="font-medium text-slate-700">{entry.via}</span> · {timing(entry.waitHours)}
                    </>
                  ) : (
                    capitalized(timing(entry.waitHours))
                  )}
                </p>
              )}
              <p className="text-sm">
                <span className="font-medium text-slate-900">{entry.label}</span>
                {entry.step.variantIds.length > 1 && <span className="ml-2 text-xs text-slate-500">{entry.step.variantIds.length} A/B variants</span>}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
