import type { TPendingComment, TPendingVoiceNote } from "@/server/schemas/approvals";
import { initialsOf, leadDisplayName } from "./queue-state";

type Draft = TPendingComment | TPendingVoiceNote;

export function DraftAvatar({ draft, size = "md" }: { draft: Draft; size?: "md" | "lg" }) {
  const box = size === "lg" ? "size-12 text-base" : "size-9 text-xs";
  return draft.picture ? (
    // eslint-disable-next-line @next/next/no-img-element -- LinkedIn's picture URLs are remote and short-lived; no optimisation wanted.
    <img src={draft.picture} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-600`}>
      {initialsOf(leadDisplayName(draft))}
    </span>
  );
}

/** Who the draft is for (picture, name, headline, company, LinkedIn profile), from which campaign and sender. */
export function LeadSummary({ draft }: { draft: Draft }) {
  const name = leadDisplayName(draft);
  return (
    <div className="flex items-start gap-3" data-testid="approval-lead">
      <DraftAvatar draft={draft} size="lg" />
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold break-words text-slate-900" data-testid="approval-lead-name">
          {name}
        </h2>
        {draft.headline && <p className="text-sm break-words text-slate-600">{draft.headline}</p>}
        {draft.company && <p className="text-sm text-slate-500">{draft.company}</p>}
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
          <div className="flex gap-1">
            <dt>Campaign</dt>
            <dd className="font-medium break-all text-slate-700">{draft.campaignName}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Sender</dt>
            <dd className="font-medium break-all text-slate-700">{draft.senderName ?? "A removed sender"}</dd>
          </div>
          {draft.profileUrl && (
            <div>
              <dt className="sr-only">Profile</dt>
              <dd>
                <a href={draft.profileUrl} target="_blank" rel="noreferrer" className="font-medium text-brand-700 hover:underline">
                  LinkedIn profile ↗
                </a>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}
