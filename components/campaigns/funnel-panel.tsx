"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useMemo } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { errorMessage } from "@/components/ui/trpc-error";
import type { TCampaign, TCampaignFunnel } from "@/server/schemas/campaign";
import { sequenceChannels } from "@/server/domain/sequence/campaign-channels";
import { funnelSections, variantColumns, type FunnelSection, type FunnelStage } from "./funnel-stages";
import { nameOfStep, readSteps, stepNames } from "./sequence-outline";
import { percent } from "../ui/when";
import { plural } from "@/components/ui/plural";

type Counts = TCampaignFunnel["overall"];

function StageRow({ stage, counts }: { stage: FunnelStage; counts: Counts }) {
  const value = counts[stage.key];
  return (
    <li data-testid={`funnel-${stage.key}`} className="grid grid-cols-[6rem_1fr] items-center gap-x-3 gap-y-1 text-sm sm:grid-cols-[7rem_1fr_11rem]">
      <span className="font-medium text-slate-700">{stage.label}</span>
      <div className="h-6 overflow-hidden rounded bg-slate-100">
        <div
          className={`h-full rounded ${stage.key === "replied" || stage.key === "emailReplied" ? "bg-emerald-500" : stage.key === "emailBounced" ? "bg-amber-500" : "bg-brand-500"}`}
          style={{ width: `${counts.leads ? (value / counts.leads) * 100 : 0}%` }}
        />
      </div>
      <span className="col-span-2 text-right tabular-nums sm:col-span-1">
        {stage.untracked ? (
          <span className="text-slate-500">{stage.untracked}</span>
        ) : (
          <>
            <span className="font-semibold text-slate-900">{value}</span>{" "}
            <span className="text-slate-500">
              ({percent(value, counts.leads)}
              {stage.from ? `; ${percent(value, counts[stage.from])} ${stage.fromLabel}` : ""})
            </span>
          </>
        )}
      </span>
    </li>
  );
}

function OverallFunnel({ counts, sections }: { counts: Counts; sections: FunnelSection[] }) {
  return (
    <div className="space-y-5">
      {sections.map((section) => (
        <section key={section.title ?? "all"} aria-label={section.title ?? undefined} className="space-y-2">
          {section.title && <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{section.title}</h3>}
          <ol className="space-y-3" aria-label={section.title ? `${section.title} funnel of all leads` : "Funnel of all leads"}>
            {section.stages.map((stage) => (
              <StageRow key={stage.key} stage={stage} counts={counts} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function VariantTable({ step, stepName }: { step: TCampaignFunnel["steps"][number]; stepName: string }) {
  const { columns, replies } = variantColumns(step.type);
  const rates = step.variants.map((variant) => (variant.leads ? variant[replies] / variant.leads : 0));
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
            {["Leads", ...columns.map((column) => column.heading), "Reply rate"].map((heading) => (
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
              {[variant.leads, ...columns.map((column) => variant[column.key])].map((value, at) => (
                <td key={at} className="px-3 py-2 text-right text-slate-800 tabular-nums">
                  {value}
                </td>
              ))}
              <td className="px-3 py-2 text-right font-medium text-slate-900 tabular-nums">{percent(variant[replies], variant.leads)}</td>
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
  const sections = useMemo(() => funnelSections(sequenceChannels(campaign.sequence.steps), campaign.tracking), [campaign.sequence.steps, campaign.tracking]);
  const funnel = useQuery({ ...trpc.campaigns.funnel.queryOptions({ id: campaign.id }), refetchInterval: campaign.status === "active" ? 15_000 : false });
  if (funnel.isPending) return <p className="text-sm text-slate-500">Loading the funnel…</p>;
  if (funnel.isError) return <Alert tone="error">The funnel could not be loaded: {errorMessage(funnel.error)}</Alert>;
  const { overall, steps } = funnel.data;
  if (!overall.leads) {
    return <EmptyState title="No funnel yet">Once the campaign has leads, this shows how many were contacted, and what they did: accepted, opened, clicked, replied or bounced.</EmptyState>;
  }
  return (
    <div className="space-y-6">
      <Card
        title="All leads"
        description={`${plural(overall.leads, "lead")}; percentages are of all leads.`}
        actions={
          <Link href={`/analytics?campaignId=${encodeURIComponent(campaign.id)}`} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
            See in Analytics
          </Link>
        }
      >
        <OverallFunnel counts={overall} sections={sections} />
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
