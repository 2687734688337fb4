"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign, TCampaignFunnel } from "@/server/schemas/campaign";
import { nameOfStep, readSteps, stepNames } from "./sequence-outline";
import { percent } from "./when";
import { plural } from "@/components/ui/plural";

type Counts = TCampaignFunnel["overall"];

const STAGES: Array<{ key: keyof Counts; label: string; from?: keyof Counts; fromLabel?: string }> = [
  { key: "invited", label: "Invited" },
  { key: "accepted", label: "Accepted", from: "invited", fromLabel: "of invited" },
  { key: "messaged", label: "Messaged" },
  { key: "replied", label: "Replied", from: "messaged", fromLabel: "of messaged" },
];

function OverallFunnel({ counts }: { counts: Counts }) {
  return (
    <ol className="space-y-3" aria-label="Funnel of all leads">
      {STAGES.map((stage) => {
        const value = counts[stage.key];
        return (
          <li key={stage.key} data-testid={`funnel-${stage.key}`} className="grid grid-cols-[7rem_1fr_9rem] items-center gap-3 text-sm">
            <span className="font-medium text-slate-700">{stage.label}</span>
            <div className="h-6 overflow-hidden rounded bg-slate-100">
              <div
                className={`h-full rounded ${stage.key === "replied" ? "bg-emerald-500" : "bg-brand-500"}`}
                style={{ width: `${counts.leads ? (value / counts.leads) * 100 : 0}%` }}
              />
            </div>
            <span className="text-right tabular-nums">
              <span className="font-semibold text-slate-900">{value}</span>{" "}
              <span className="text-slate-500">
                ({percent(value, counts.leads)}
                {stage.from ? `; ${percent(value, counts[stage.from])} ${stage.fromLabel}` : ""})
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function VariantTable({ step, stepName }: { step: TCampaignFunnel["steps"][number]; stepName: string }) {
  const rates = step.variants.map((variant) => (variant.leads ? variant.replied / variant.leads : 0));
  const best = step.variants.length > 1 && Math.max(...rates) > 0 ? rates.indexOf(Math.max(...rates)) : -1;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="pb-2 text-left">
          <span className="font-medium text-slate-900">{stepName}</span>
        </caption>
        <thead className="text-xs text-slate-500 uppercase">
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-3 font-medium">Variant</th>
            {["Leads", "Invited", "Accepted", "Messaged", "Replied", "Reply rate"].map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 text-right font-medium">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {step.variants.map((variant, index) => (
            <tr key={variant.variantId}>
              <th scope="row" className="py-2 pr-3 font-normal">
                <span className="font-semibold text-slate-900">{variant.label}</span>{" "}
                <span className="font-mono text-xs text-slate-500">{variant.variantId}</span>
                {index === best && (
                  <span className="ml-2">
                    <Badge tone="green">Most replies</Badge>
                  </span>
                )}
              </th>
              {[variant.leads, variant.invited, variant.accepted, variant.messaged, variant.replied].map((value, at) => (
                <td key={at} className="px-3 py-2 text-right text-slate-800 tabular-nums">
                  {value}
                </td>
              ))}
              <td className="px-3 py-2 text-right font-medium text-slate-900 tabular-nums">{percent(variant.replied, variant.leads)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The campaign's funnel overall, and per A/B variant of every step leads have reached. */
export function FunnelPanel({ campaign }: { campaign: TCampaign }) {
  const trpc = useTRPC();
  const names = useMemo(() => stepNames(readSteps(campaign.sequence.steps)), [campaign.sequence.steps]);
  const funnel = useQuery({ ...trpc.campaigns.funnel.queryOptions({ id: campaign.id }), refetchInterval: campaign.status === "active" ? 15_000 : false });
  if (funnel.isPending) return <p className="text-sm text-slate-500">Loading the funnel…</p>;
  if (funnel.isError) return <Alert tone="error">The funnel could not be loaded: {errorMessage(funnel.error)}</Alert>;
  const { overall, steps } = funnel.data;
  if (!overall.leads) {
    return <EmptyState title="No funnel yet">Once the campaign has leads, this shows how many were invited, accepted, messaged and replied.</EmptyState>;
  }
  return (
    <div className="space-y-6">
      <Card title="All leads" description={`${plural(overall.leads, "lead")}; percentages are of all leads.`}>
        <OverallFunnel counts={overall} />
      </Card>
      <Card
        title="By variant"
        description="For each step leads have reached: how many got each A/B variant, and what those leads went on to do."
      >
        {steps.length ? (
          <div className="space-y-6">
            {steps.map((step) => (
              <VariantTable key={step.stepId} step={step} stepName={nameOfStep(names, step.stepId, step.type)} />
            ))}
          </div>
        ) : (
          <p className="text-sm text-slate-500">No lead has reached a step yet.</p>
        )}
      </Card>
    </div>
  );
}
