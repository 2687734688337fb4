import { Card } from "@/components/ui/card";
import { LeadVerification } from "@/components/verification/lead-verification";
import type { TLeadTimeline } from "@/server/schemas/lead-timeline";

/** The lead's profile: each value with whose it is, and what LinkedIn says when it differs. */
export function LeadProfileCard({ timeline }: { timeline: TLeadTimeline }) {
  const lead = timeline.campaignLead;
  const fields = timeline.profile.filter((view) => view.field !== "picture");
  const variables = Object.entries(lead.customVariables);
  return (
    <Card title="Profile">
      <dl className="grid gap-x-4 gap-y-3 text-sm sm:grid-cols-[9rem_1fr]">
        {fields.map((view) => (
          <div key={view.field} className="contents" data-testid={`profile-${view.field}`}>
            <dt className="text-slate-500">{view.label}</dt>
            <dd className="min-w-0 break-words text-slate-900">
              {view.value ?? <span className="text-slate-400">—</span>}
              {view.from === "you" && <span className="text-xs text-slate-500"> (you)</span>}
              {view.from === "provider" && <span className="text-xs text-slate-500"> (from LinkedIn)</span>}
              {view.providerValue && <span className="text-xs text-slate-500"> · LinkedIn says: {view.providerValue}</span>}
            </dd>
          </div>
        ))}
        <dt className="text-slate-500">E-mail</dt>
        <dd className="min-w-0 break-words text-slate-900">{lead.email ?? <span className="text-slate-400">—</span>}</dd>
        {lead.email && (
          <>
            <dt className="text-slate-500">Address check</dt>
            <dd className="min-w-0">
              <LeadVerification email={lead.email} />
            </dd>
          </>
        )}
        <dt className="text-slate-500">LinkedIn profile</dt>
        <dd className="min-w-0 break-all">
          {lead.profileUrl ? (
            <a href={lead.profileUrl} target="_blank" rel="noreferrer" className="text-brand-700 hover:underline">
              {lead.profileUrl.replace(/^https?:\/\/(www\.)?/, "")}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-slate-400">None: added by e-mail</span>
          )}
        </dd>
        <dt className="text-slate-500">Source</dt>
        <dd className="min-w-0 break-words text-slate-900" data-testid="lead-source">
          {timeline.provenance.words}, {new Date(timeline.provenance.addedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" })}
        </dd>
        <dt className="text-slate-500">Lists</dt>
        <dd className="text-slate-900">{timeline.lists.length ? timeline.lists.map((list) => list.name).join(", ") : <span className="text-slate-400">None</span>}</dd>
      </dl>
      <h3 className="mt-5 text-xs font-semibold tracking-wide text-slate-500 uppercase">Custom variables</h3>
      {variables.length ? (
        <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
          {variables.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-mono text-xs text-slate-600">{`{{${name}}}`}</dt>
              <dd className="min-w-0 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-500">None. Columns of a CSV import or the API become placeholders for messages.</p>
      )}
    </Card>
  );
}
