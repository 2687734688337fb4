"use client";
// A step's AI lines ("AI variables"): each a name the copy uses as {{ai.name}} and a prompt the AI
// text provider writes one line from, for each lead; whether the lines wait for approval; and
// "Preview AI lines", which writes them for up to five of the campaign's leads (spending credits:
// the lines are kept, and sending reuses them) and shows the copy they make.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { AI_VARIABLES_MAX, type TAiVariable } from "@/server/schemas/sequence";
import type { TAiPreview } from "@/server/schemas/ai-lines";
import type { StepIssue } from "./issues";
import type { StepConfig } from "./variants";

export function AiLinesField({
  id,
  campaignId,
  stepId,
  variantId,
  config,
  issues,
  onChange,
}: {
  id: string;
  campaignId?: string;
  stepId: string;
  variantId?: string;
  config: StepConfig;
  issues: readonly StepIssue[];
  onChange(config: Partial<StepConfig>): void;
}) {
  const lines = config.aiVariables ?? [];
  const error = (field: string) => issues.filter((issue) => issue.field === field).map((issue) => issue.message).join("; ") || null;
  const change = (index: number, patch: Partial<TAiVariable>) => onChange({ aiVariables: lines.map((line, position) => (position === index ? { ...line, ...patch } : line)) });
  const remove = (index: number) => {
    const rest = lines.filter((_, position) => position !== index);
    onChange({ aiVariables: rest.length ? rest : undefined, ...(rest.length ? {} : { aiApproval: undefined }) });
  };
  const trpc = useTRPC();
  const preview = useMutation(trpc.campaigns.previewAiLines.mutationOptions());
  const [shown, setShown] = useState<TAiPreview | null>(null);

  return (
    <div className="space-y-3" data-testid="ai-lines">
      <p className="text-xs text-slate-500">
        A line written for each lead by the AI from its profile, latest post and company. Use it in the copy as{" "}
        <code className="rounded bg-slate-100 px-1">{"{{ai.name}}"}</code>, with a fallback for leads it cannot be written for:{" "}
        <code className="rounded bg-slate-100 px-1">{"{{ai.name|Hope all is well.}}"}</code>. Each line costs 1 AI credit per lead.
      </p>
      {error("config.aiVariables") && (
        <p className="text-xs text-red-600" role="alert">
          {error("config.aiVariables")}
        </p>
      )}
      {lines.map((line, index) => (
        <div key={index} className="space-y-2 rounded-md border border-slate-200 p-3">
          <Field label="Name" htmlFor={`${id}-ai-${index}-name`} error={error(`config.aiVariables.${index}.name`)} hint={line.name ? `Use it as {{ai.${line.name}}}` : "Letters, digits and _, starting with a small letter"}>
            <Input id={`${id}-ai-${index}-name`} value={line.name} placeholder="icebreaker" onChange={(event) => change(index, { name: event.target.value })} />
          </Field>
          <Field label="What the line should say" htmlFor={`${id}-ai-${index}-prompt`} error={error(`config.aiVariables.${index}.prompt`)}>
            <textarea
              id={`${id}-ai-${index}-prompt`}
              rows={2}
              className="block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-500"
              value={line.prompt}
              placeholder="One friendly line about their latest post"
              onChange={(event) => change(index, { prompt: event.target.value })}
            />
          </Field>
          <Field label="Longest line (characters)" htmlFor={`${id}-ai-${index}-max`} error={error(`config.aiVariables.${index}.maxLength`)} hint="Default: 300.">
            <Input
              id={`${id}-ai-${index}-max`}
              type="number"
              min={20}
              max={1000}
              placeholder="300"
              value={line.maxLength ?? ""}
              onChange={(event) => change(index, { maxLength: event.target.value === "" ? undefined : Math.round(Number(event.target.value)) })}
            />
          </Field>
          <Button variant="ghost" size="sm" onClick={() => remove(index)}>
            Remove this AI line
          </Button>
        </div>
      ))}
      {lines.length < AI_VARIABLES_MAX && (
        <Button variant="secondary" size="sm" onClick={() => onChange({ aiVariables: [...lines, { name: lines.length ? `line${lines.length + 1}` : "icebreaker", prompt: "" }] })}>
          Add an AI line
        </Button>
      )}
      {lines.length > 0 && (
        <>
          <Field label="Approval" htmlFor={`${id}-ai-approval`} error={error("config.aiApproval")} hint="With approval, each lead waits until its lines are approved in Approvals; a rejected line takes the fallback.">
            <Select id={`${id}-ai-approval`} value={config.aiApproval ?? "none"} onChange={(event) => onChange({ aiApproval: event.target.value === "required" ? "required" : undefined })}>
              <option value="none">Use the lines as written</option>
              <option value="required">Approve each lead’s lines first</option>
            </Select>
          </Field>
          {campaignId && (
            <div className="space-y-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={preview.isPending}
                onClick={() => preview.mutate({ id: campaignId, stepId, variantId }, { onSuccess: setShown, onError: () => setShown(null) })}
              >
                {preview.isPending ? "Writing lines…" : "Preview AI lines"}
              </Button>
              <p className="text-xs text-slate-500">Writes the saved step’s lines for up to 5 of the campaign’s leads: 1 AI credit per new line. Sending reuses them.</p>
              {preview.error && (
                <p className="text-xs text-red-600" role="alert">
                  {/not found/i.test(errorMessage(preview.error) ?? "") ? "Save the sequence first: the preview uses the saved step." : errorMessage(preview.error)}
                </p>
              )}
              {shown && <AiPreviewResult preview={shown} />}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function AiPreviewResult({ preview }: { preview: TAiPreview }) {
  if (!preview.leads.length) return <p className="text-xs text-slate-500">The campaign has no leads yet: add some to preview their lines.</p>;
  return (
    <div className="space-y-2" data-testid="ai-preview">
      <p className="text-xs text-slate-500">{preview.creditsSpent === 1 ? "1 AI credit spent." : `${preview.creditsSpent} AI credits spent.`}</p>
      {preview.leads.map((lead) => (
        <div key={lead.campaignLeadId} className="rounded-md border border-slate-200 p-2 text-sm" data-testid="ai-preview-lead">
          <p className="font-medium text-slate-800">{lead.leadName}</p>
          {lead.lines.map((line) => (
            <p key={line.name} className="text-xs text-slate-600">
              <span className="font-mono">{`{{ai.${line.name}}}`}</span>: {line.value ?? <em>{line.reason ?? "No line: the fallback is used"}</em>}
            </p>
          ))}
          {lead.subject && <p className="mt-1 text-xs font-medium text-slate-700">{lead.subject}</p>}
          <p className="mt-1 whitespace-pre-line text-slate-800">{lead.text}</p>
          {lead.usedFallback && <p className="text-xs text-amber-700">The step’s fallback copy is used for this lead.</p>}
        </div>
      ))}
    </div>
  );
}
