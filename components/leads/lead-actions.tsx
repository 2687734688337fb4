"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { TCampaignLead } from "@/server/schemas/campaign";

export type LeadAction = "pause" | "resume" | "stop";

/** What can be done to a campaign lead in its status (resume retries a failed step); the leads table and the inbox's lead card offer the same. */
export function actionsFor(status: string): LeadAction[] {
  if (status === "pending" || status === "running") return ["pause", "stop"];
  if (status === "paused") return ["resume", "stop"];
  if (status === "failed") return ["resume"];
  return [];
}

const LABELS: Record<LeadAction, { idle: string; busy: string }> = {
  pause: { idle: "Pause", busy: "Pausing…" },
  resume: { idle: "Resume", busy: "Resuming…" },
  stop: { idle: "Stop", busy: "Stopping…" },
};

/** What pausing and stopping a lead do, said before it happens. */
const CONFIRMATIONS: Record<"pause" | "stop", { title: (name: string) => string; body: string; label: string }> = {
  pause: {
    title: (name) => `Pause ${name}?`,
    body: "The lead stays at its current step and does nothing until you resume it.",
    label: "Pause lead",
  },
  stop: {
    title: (name) => `Stop ${name}?`,
    body: "The lead leaves the sequence for good: no further step is sent to them in this campaign.",
    label: "Stop lead",
  },
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
  const [confirming, setConfirming] = useState<"pause" | "stop" | null>(null);
  const busy = pause.isPending || resume.isPending || stop.isPending;
  const actions = actionsFor(lead.status);
  if (!actions.length) return null;
  const confirmation = confirming ? CONFIRMATIONS[confirming] : null;
  return (
    <div className="flex justify-end gap-1">
      {confirming && confirmation && (
        <Dialog title={confirmation.title(name)} size="sm" onClose={() => setConfirming(null)}>
          <p className="mb-5 text-sm text-slate-600">{confirmation.body}</p>
          <DialogActions
            onCancel={() => setConfirming(null)}
            label={confirmation.label}
            busyLabel={LABELS[confirming].busy}
            busy={mutations[confirming].isPending}
            danger={confirming === "stop"}
            onConfirm={() => mutations[confirming].mutate({ id: lead.campaignId, leadId: lead.id }, { onSettled: () => setConfirming(null) })}
          />
        </Dialog>
      )}
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
            onClick={() => (action === "resume" ? mutation.mutate({ id: lead.campaignId, leadId: lead.id }) : setConfirming(action))}
          >
            {mutation.isPending ? label.busy : label.idle}
          </Button>
        );
      })}
    </div>
  );
}
