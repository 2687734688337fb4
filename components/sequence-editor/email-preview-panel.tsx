"use client";
// The e-mail a lead would receive from this step: the campaign's lead (or a sample one) filled in,
// the chosen mailbox's name and signature, and a follow-up's subject in its thread; the version of
// the copy's spintax that lead gets, with how many versions there are and a button for another one.
import { useState } from "react";
import { fromLine, mailboxName } from "@/components/mailboxes/mailbox-display";
import { Select } from "@/components/ui/field";
import type { TCampaignLead } from "@/server/schemas/campaign";
import type { TMailbox } from "@/server/schemas/mailbox";
import type { TVariantContent, WhenValueMissing } from "@/server/schemas/sequence";
import { placeholderWords } from "@/server/domain/sequence/render-copy";
import { anotherVersionShift, mergeFieldsOf, previewForLead, SAMPLE_LEAD, versionWords, type ThreadOf } from "./email-preview";
import { suggestedFallback } from "./placeholder-gaps";

export interface EmailPreviewContext {
  /** Leads of the campaign to preview for (the first page). */
  leads: readonly TCampaignLead[];
  /** How many leads the campaign has (the first page may hold fewer). */
  totalLeads: number;
  /** The campaign's mailboxes, for the sender's name and signature. */
  mailboxes: readonly TMailbox[];
  /** The campaign, for previews the server makes (AI lines). */
  campaignId?: string;
}

const MAX_LEADS = 20;

function leadLabel(lead: TCampaignLead): string {
  const name = [lead.firstName, lead.lastName].filter(Boolean).join(" ");
  return name ? (lead.email ? `${name} <${lead.email}>` : name) : (lead.email ?? "Unnamed lead");
}

/** What the step does for a lead who would get an empty value (its whenValueMissing). */
const WHEN_MISSING_WORDS: Record<WhenValueMissing, string> = {
  send: "It would be sent with the value left out.",
  skip: "This e-mail would be skipped for this lead.",
  hold: "The lead would be held here until you resume it.",
};

export function EmailPreviewPanel({
  idPrefix,
  stepId,
  variant,
  threadOf,
  whenValueMissing,
  context,
}: {
  idPrefix: string;
  stepId: string;
  whenValueMissing: WhenValueMissing;
  variant: TVariantContent;
  /** Variant A of the e-mail this one answers in its thread, or null when it starts a thread. */
  threadOf: ThreadOf | null;
  context: EmailPreviewContext;
}) {
  const leads = context.leads.slice(0, MAX_LEADS);
  const [leadId, setLeadId] = useState<string>("sample");
  const [mailboxId, setMailboxId] = useState<string>(context.mailboxes[0]?.id ?? "");
  const [view, setView] = useState<"html" | "text">("html");
  /** 0: the version the lead gets; more: another version ("See another version"). */
  const [shift, setShift] = useState(0);
  const lead = leads.find((candidate) => candidate.id === leadId);
  const fields = lead ? mergeFieldsOf(lead) : SAMPLE_LEAD;
  const mailbox = context.mailboxes.find((candidate) => candidate.id === mailboxId) ?? context.mailboxes[0];
  // The executor's seed: the campaign lead's id (the sample lead has its own), the step and the variant.
  const render = (at: number) => previewForLead({ stepId, variant, threadOf, leadKey: lead?.id ?? "sample", fields, signature: mailbox?.signature ?? null, shift: at });
  const preview = render(shift);
  const anotherVersion = () => setShift(anotherVersionShift(render, shift));
  const to = lead ? leadLabel(lead) : `Ada Lovelace <${SAMPLE_LEAD.email}>`;
  const showHtml = preview.html !== null && view === "html";

  return (
    <div className="space-y-3" data-testid="email-preview">
      <div className="grid gap-2">
        <label className="space-y-1 text-xs text-slate-500" htmlFor={`${idPrefix}-preview-lead`}>
          <span className="block font-medium">Preview for</span>
          <Select
            id={`${idPrefix}-preview-lead`}
            value={leadId}
            onChange={(event) => {
              setLeadId(event.target.value);
              setShift(0);
            }}
            className="text-xs"
          >
            <option value="sample">A sample lead (Ada Lovelace)</option>
            {leads.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {leadLabel(candidate)}
              </option>
            ))}
          </Select>
        </label>
        {context.mailboxes.length > 1 && (
          <label className="space-y-1 text-xs text-slate-500" htmlFor={`${idPrefix}-preview-mailbox`}>
            <span className="block font-medium">From</span>
            <Select id={`${idPrefix}-preview-mailbox`} value={mailbox?.id ?? ""} onChange={(event) => setMailboxId(event.target.value)} className="text-xs">
              {context.mailboxes.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {mailboxName(candidate)}
                </option>
              ))}
            </Select>
          </label>
        )}
      </div>
      <div className="overflow-hidden rounded-md bg-white text-sm ring-1 ring-slate-200">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 border-b border-slate-100 bg-slate-50 px-3 py-2 text-xs">
          <dt className="text-slate-500">From</dt>
          <dd className="truncate text-slate-800">{mailbox ? fromLine(mailbox) : "The campaign's mailbox"}</dd>
          <dt className="text-slate-500">To</dt>
          <dd className="truncate text-slate-800">{to}</dd>
          <dt className="text-slate-500">Subject</dt>
          <dd className="font-medium break-words text-slate-900" data-testid="email-preview-subject">
            {preview.subject || <span className="font-normal text-slate-400 italic">No subject yet</span>}
          </dd>
        </dl>
        {preview.html !== null && (
          <div role="group" aria-label="Preview as" className="flex gap-1 border-b border-slate-100 px-3 py-1.5">
            {(["html", "text"] as const).map((option) => (
              <button
                key={option}
                type="button"
                aria-pressed={view === option}
                onClick={() => setView(option)}
                className={`rounded px-2 py-0.5 text-xs font-medium ${view === option ? "bg-brand-50 text-brand-700" : "text-slate-500 hover:text-slate-800"}`}
              >
                {option === "html" ? "HTML" : "Plain text"}
              </button>
            ))}
          </div>
        )}
        {showHtml ? (
          // A sandboxed frame: the HTML is shown as a mail app would, without running anything in it.
          <iframe title="HTML preview of the e-mail" sandbox="" srcDoc={preview.html!} className="h-64 w-full bg-white" />
        ) : (
          <p className="min-h-24 px-3 py-2 break-words whitespace-pre-wrap text-slate-800" data-testid="email-preview-body">
            {preview.text || <span className="text-slate-400 italic">No body yet</span>}
          </p>
        )}
      </div>
      {(preview.version === null || preview.version.count > 1) && (
        <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
          <span data-testid="email-preview-version" aria-live="polite">
            {versionWords(preview.version)}
            {shift === 0 ? (lead ? ": the one this lead gets" : "") : ""}
          </span>
          <span className="flex gap-2">
            {shift > 0 && (
              <button type="button" className="font-medium text-slate-500 hover:text-slate-800" onClick={() => setShift(0)}>
                Back to the lead&apos;s version
              </button>
            )}
            <button type="button" className="font-medium text-brand-700 hover:text-brand-800" onClick={anotherVersion}>
              See another version
            </button>
          </span>
        </div>
      )}
      {preview.blank.length > 0 ? (
        <p className="text-xs text-amber-800" role="status" data-testid="email-preview-warning">
          This lead has no {preview.blank.map(placeholderWords).join(" or ")}: {preview.blank.map((name) => `{{${name}}}`).join(", ")} would be empty.{" "}
          {WHEN_MISSING_WORDS[whenValueMissing]} Add a fallback like {suggestedFallback(preview.blank[0]!)}.
        </p>
      ) : (
        preview.missing.length > 0 && (
          <p className="text-xs text-slate-600" data-testid="email-preview-fallback-note">
            This lead has no {preview.missing.map(placeholderWords).join(" or ")}: {preview.usedFallback ? "the fallback copy is sent instead." : "the fallback is used."}
          </p>
        )
      )}
      {!context.mailboxes.length && <p className="text-xs text-slate-500">No mailbox in this campaign yet: its signature will appear here once one is chosen under Settings.</p>}
    </div>
  );
}
