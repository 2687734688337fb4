"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { plural } from "@/components/ui/plural";
import type { TCampaign } from "@/server/schemas/campaign";
import { sequenceChannels } from "@/server/domain/sequence/campaign-channels";
import { channelFigures } from "./funnel-stages";
import { ProgressStrip } from "./progress-strip";
import { CampaignStatusBadge } from "./status-badges";

function Stat({ value, label, tone = "text-slate-900" }: { value: number; label: string; tone?: string }) {
  return (
    <td className="px-3 py-3 text-right tabular-nums">
      <span className={value ? tone : "text-slate-400"}>{value}</span>
      <span className="sr-only"> {label}</span>
    </td>
  );
}

/** Duplicate (then open the copy) and archive or bring back one campaign; errors go to `onError`. */
function RowActions({ campaign, archived, onError }: { campaign: TCampaign; archived: boolean; onError: (message: string | null) => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
  const duplicate = useMutation(
    trpc.campaigns.duplicate.mutationOptions({
      onMutate: () => onError(null),
      onSuccess: async (copy) => {
        await refreshList();
        router.push(`/campaigns/${copy.id}`);
      },
      onError: (error) => onError(`“${campaign.name}” could not be duplicated: ${error.message}`),
    }),
  );
  const archive = useMutation(
    trpc.campaigns.archive.mutationOptions({
      onMutate: () => onError(null),
      onSuccess: refreshList,
      onError: (error) => onError(`“${campaign.name}” could not be ${archived ? "restored" : "archived"}: ${error.message}`),
    }),
  );
  const busy = duplicate.isPending || archive.isPending;
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" disabled={busy} aria-label={`Duplicate ${campaign.name}`} onClick={() => duplicate.mutate({ id: campaign.id })}>
        {duplicate.isPending ? "Duplicating…" : "Duplicate"}
      </Button>
      <Button
        variant="ghost"
        size="sm"
        disabled={busy}
        aria-label={`${archived ? "Restore" : "Archive"} ${campaign.name}`}
        onClick={() => archive.mutate({ id: campaign.id, archived: !archived })}
      >
        {archive.isPending ? (archived ? "Restoring…" : "Archiving…") : archived ? "Restore" : "Archive"}
      </Button>
    </div>
  );
}

export function CampaignRow({ campaign, archived, onError }: { campaign: TCampaign; archived: boolean; onError: (message: string | null) => void }) {
  const { stats } = campaign;
  return (
    <tr data-testid="campaign-row" className="align-top hover:bg-slate-50">
      <td className="max-w-xs min-w-48 py-3 pr-3 pl-5">
        <Link href={`/campaigns/${campaign.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
          {campaign.name}
        </Link>
        <p className="mt-0.5 text-xs text-slate-500" title={formatDateTime(campaign.createdAt)}>
          Created {formatRelative(campaign.createdAt)} · {plural(campaign.linkedinAccountIds.length, "sender")}
        </p>
        <ProgressStrip stats={stats} className="mt-2 max-w-56" />
      </td>
      <td className="px-3 py-3">
        <CampaignStatusBadge status={campaign.status} />
        {archived && <p className="mt-1 text-xs text-slate-500">Archived</p>}
      </td>
      <Stat value={stats.total} label="leads" />
      <Stat value={stats.running} label="running" tone="text-brand-700" />
      <Stat value={stats.replied} label="replied" tone="font-medium text-emerald-700" />
      <Stat value={stats.done} label="done" />
      <Stat value={stats.failed} label="failed" tone="text-red-700" />
      <td className="space-y-0.5 px-3 py-3 text-right text-xs whitespace-nowrap text-slate-600 tabular-nums">
        {channelFigures(sequenceChannels(campaign.sequence.steps), stats).map((line) => (
          <p key={line.channel} data-testid={`campaign-row-${line.channel}`} title={line.title}>
            <span className="mr-1 text-slate-400">{line.prefix}</span>
            {line.values.map((value, index) => (
              <span key={index}>
                {index > 0 && <span className="text-slate-400"> / </span>}
                {value}
              </span>
            ))}
            <span className="sr-only"> {line.title}</span>
          </p>
        ))}
      </td>
      <td className="py-2 pr-5 pl-3">
        <RowActions campaign={campaign} archived={archived} onError={onError} />
      </td>
    </tr>
  );
}
