"use client";
import Link from "next/link";
import { useState, type ReactNode } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useIsApprover } from "@/components/shell/workspace-role";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { TConversation } from "@/server/schemas/inbox";
import { actionsFor, type LeadAction } from "@/components/leads/lead-actions";
import { OutcomeSelect, useOutcomeNames } from "@/components/leads/outcome-select";
import { INTEREST_LABELS, leadHeadline, leadName, leadStatusLabel, type Interest } from "./inbox-display";
import { LeadAvatar } from "./inbox-icons";
import { useConversationActions } from "./use-inbox";

const INTERESTS: Interest[] = ["interested", "neutral", "not_interested"];

const ACTION_LABELS: Record<LeadAction, { idle: string; busy: string }> = {
  pause: { idle: "Pause lead", busy: "Pausing…" },
  resume: { idle: "Resume lead", busy: "Resuming…" },
  stop: { idle: "Stop lead", busy: "Stopping…" },
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** How interested the lead is: one of three, or cleared, set by a person (interestBy manual). */
function InterestPicker({ conversation }: { conversation: TConversation }) {
  const { update } = useConversationActions();
  const current = conversation.campaignLead?.interest ?? conversation.interest;
  const set = (interest: Interest | null) => update.mutate({ id: conversation.id, changes: { interest } });
  return (
    <div className="space-y-1.5">
      <div role="group" aria-label="Interest" className="flex flex-wrap gap-1">
        {INTERESTS.map((interest) => (
          <Button key={interest} size="sm" variant={current === interest ? "primary" : "secondary"} aria-pressed={current === interest} disabled={update.isPending} onClick={() => set(interest)}>
            {INTEREST_LABELS[interest]}
          </Button>
        ))}
        {current && (
          <Button size="sm" variant="ghost" disabled={update.isPending} onClick={() => set(null)}>
            Clear
          </Button>
        )}
      </div>
      <ErrorAlert error={update.error} />
    </div>
  );
}

/**
 * The outcome marked on the lead (one of the workspace's, e.g. "Meeting booked"), counted in the
 * analytics. The workspace's list is closed to approvers: they see the outcome, not the picker.
 */
function OutcomePicker({ conversation, outcome }: { conversation: TConversation; outcome: string | null }) {
  const { update } = useConversationActions();
  const approver = useIsApprover();
  const names = useOutcomeNames(!approver);
  if (approver) {
    return outcome ? (
      <p className="text-xs text-slate-600">
        Outcome: <span className="font-medium text-slate-900">{outcome}</span>
      </p>
    ) : null;
  }
  return (
    <div className="space-y-1.5">
      <OutcomeSelect value={outcome} names={names} disabled={update.isPending || !names.length} onChange={(next) => update.mutate({ id: conversation.id, changes: { outcome: next } })} />
      <ErrorAlert error={update.error} />
    </div>
  );
}

/** Pause, resume and stop the lead in its campaign; stopping is said and confirmed first. */
function LeadActionsBar({ conversation, campaignLeadId, status }: { conversation: TConversation; campaignLeadId: string; status: string }) {
  const actions = useConversationActions();
  const mutations = { pause: actions.pauseLead, resume: actions.resumeLead, stop: actions.stopLead };
  const [confirming, setConfirming] = useState(false);
  const available = actionsFor(status);
  const busy = Object.values(mutations).some((mutation) => mutation.isPending);
  const error = Object.values(mutations).find((mutation) => mutation.error)?.error;
  const name = leadName(conversation.lead);
  if (!available.length) return null;
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap gap-1">
        {available.map((action) => (
          <Button
            key={action}
            size="sm"
            variant="secondary"
            className={action === "stop" ? "text-red-700" : ""}
            disabled={busy}
            onClick={() => (action === "stop" ? setConfirming(true) : mutations[action].mutate({ campaignLeadId }))}
          >
            {mutations[action].isPending ? ACTION_LABELS[action].busy : action === "resume" && status === "failed" ? "Retry step" : ACTION_LABELS[action].idle}
          </Button>
        ))}
      </div>
      <ErrorAlert error={error} />
      {confirming && (
        <Dialog title={`Stop ${name}?`} size="sm" onClose={() => setConfirming(false)}>
          <p className="mb-5 text-sm text-slate-600">
            {name} leaves {conversation.campaign ? `“${conversation.campaign.name}”` : "the campaign"} for good: no further step is sent to them. You can still answer here.
          </p>
          <DialogActions
            onCancel={() => setConfirming(false)}
            label="Stop lead"
            busyLabel="Stopping…"
            busy={mutations.stop.isPending}
            danger
            onConfirm={() => mutations.stop.mutate({ campaignLeadId }, { onSettled: () => setConfirming(false) })}
          />
        </Dialog>
      )}
    </div>
  );
}

/** The lead of a conversation: who they are, where they are in the campaign, and what can be done. */
export function LeadCard({ conversation }: { conversation: TConversation }) {
  const { lead, campaign, campaignLead } = conversation;
  // Campaign pages are closed to approvers: the campaign is named, not linked.
  const approver = useIsApprover();
  const headline = leadHeadline(lead);
  return (
    <section aria-label="Lead" data-testid="lead-card" className="space-y-4 text-sm">
      <div className="flex items-start gap-3">
        <LeadAvatar conversation={conversation} size="lg" />
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{leadName(lead)}</p>
          {headline && <p className="text-xs break-words text-slate-500">{headline}</p>}
        </div>
      </div>
      <dl className="space-y-1.5 text-xs">
        {lead.email && (
          <Row label="E-mail">
            <a href={`mailto:${lead.email}`} className="break-all text-brand-700 hover:underline">
              {lead.email}
            </a>
          </Row>
        )}
        {lead.linkedinUrl && (
          <Row label="LinkedIn">
            <a href={lead.linkedinUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
              Profile
            </a>
          </Row>
        )}
        <Row label="Campaign">
          {campaign && approver ? (
            <span className="text-slate-700">{campaign.name}</span>
          ) : campaign ? (
            <Link href={`/campaigns/${campaign.id}`} className="text-brand-700 hover:underline">
              {campaign.name}
            </Link>
          ) : (
            <span className="text-slate-500">Not in a campaign</span>
          )}
        </Row>
        {campaignLead && (
          <>
            <Row label="Step">{campaignLead.currentStep ? campaignLead.currentStep.label : <span className="text-slate-500">None (sequence over)</span>}</Row>
            <Row label="Status">
              <Badge tone={campaignLead.status === "replied" ? "blue" : campaignLead.status === "stopped" || campaignLead.status === "failed" ? "red" : "slate"}>
                <span data-testid="lead-status">{leadStatusLabel(campaignLead.status)}</span>
              </Badge>
            </Row>
          </>
        )}
        {campaign && campaignLead && !approver && (
          <Row label="Timeline">
            <Link href={`/campaigns/${campaign.id}/leads/${lead.id}`} className="text-brand-700 hover:underline">
              The lead&apos;s page
            </Link>
          </Row>
        )}
      </dl>
      {campaignLead && (
        <>
          <div className="space-y-1.5">
            <p className="text-xs font-medium text-slate-600">
              Interest{campaignLead.interestBy === "ai" && campaignLead.interest ? " (set by the reply classifier)" : ""}
            </p>
            <InterestPicker conversation={conversation} />
          </div>
          <OutcomePicker conversation={conversation} outcome={campaignLead.outcome} />
          <LeadActionsBar conversation={conversation} campaignLeadId={campaignLead.id} status={campaignLead.status} />
        </>
      )}
    </section>
  );
}
