"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import type { TCampaignLead } from "@/server/schemas/campaign";

type Action = "pause" | "resume" | "stop";

function actionsFor(status: TCampaignLead["status"]): Action[] {
  if (status === "pending" || status === "running") return ["pause", "stop"];
  if (status === "paused") return ["resume", "stop"];
  if (status === "failed") return ["resume"];
  return [];
}

const LABELS: Record<Action, { idle: string; busy: string }> = {
  pause: { idle: "Pause", busy: "Pausing…" },
  resume: { idle: "Resume", busy: "Resuming…" },
  stop: { idle: "Stop", busy: "Stopping…" },
};

/** Pause, resume (retry a failed step) and stop for one lead; errors go to `onError`. */
export function LeadActions({ lead, name, onError }: { lead: TCampaignLead; name: string; onError: (message: string | null) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = {
    onMutate: () => onError(null),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: lead.campaignId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: lead.campaignId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.leads.timeline.queryKey({ campaignId: lead.campaignId, leadId: lead.leadId }) }),
      ]);
    },
    onError: (error: { message: string }) => onError(`${name}: ${error.message}`),
  };
  const pause = useMutation(trpc.campaigns.pauseLead.mutationOptions(options));
  const resume = useMutation(trpc.campaigns.resumeLead.mutationOptions(options));
  const stop = useMutation(trpc.campaigns.stopLead.mutationOptions(options));
  const mutations = { pause, resume, stop };
  const busy = pause.isPending || resume.isPending || stop.isPending;
  const actions = actionsFor(lead.status);
  if (!actions.length) return null;
  return (
    <div className="flex justify-end gap-1">
      {actions.map((action) => {
        const mutation = mutations[action];
        const label = action === "resume" && lead.status === "failed" ? { idle: "Retry", busy: "Retrying…" } : LABELS[action];
        return (
          <Button
            key={action}
            variant="ghost"
            size="sm"
            className={action === "stop" ? "text-red-700" : ""}
            disabled={busy}
            aria-label={`${label.idle} ${name}`}
            onClick={() => {
              if (action === "stop" && !window.confirm(`Stop ${name}? The lead leaves the sequence for good.`)) return;
              mutation.mutate({ id: lead.campaignId, leadId: lead.id });
            }}
          >
            {mutation.isPending ? label.busy : label.idle}
          </Button>
        );
      })}
    </div>
  );
}
