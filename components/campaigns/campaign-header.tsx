"use client";
import { sequenceChannels } from "@/server/domain/sequence/campaign-channels";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Input } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { plural } from "@/components/ui/plural";
import { errorMessage } from "@/components/ui/trpc-error";
import { useNow } from "@/components/ui/use-now";
import type { TCampaign } from "@/server/schemas/campaign";
import { ActivationError } from "./activation-error";
import { campaignFieldErrors } from "./field-errors";
import { windowNote } from "./send-wording";
import { CampaignStatusBadge } from "./status-badges";

function NameEditor({ campaign, onDone }: { campaign: TCampaign; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rename = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
        onDone();
      },
    }),
  );
  const error = campaignFieldErrors(rename.error).name ?? errorMessage(rename.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (name === campaign.name) onDone();
    else rename.mutate({ id: campaign.id, changes: { name } });
  }
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-start gap-2" onKeyDown={(event) => event.key === "Escape" && onDone()}>
      <div className="w-full max-w-md">
        <label htmlFor="campaign-name" className="sr-only">
          Campaign name
        </label>
        <Input
          id="campaign-name"
          name="name"
          defaultValue={campaign.name}
          required
          maxLength={120}
          autoFocus
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "campaign-name-error" : undefined}
          className="text-lg font-semibold"
        />
        {error && (
          <p id="campaign-name-error" role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={rename.isPending}>
        {rename.isPending ? "Saving…" : "Save"}
      </Button>
      <Button variant="secondary" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

function DeleteDialog({ campaign, onClose }: { campaign: TCampaign; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.campaigns.delete.mutationOptions({
      onSuccess: async () => {
        queryClient.removeQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaign.id }) });
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
        router.push("/campaigns");
      },
    }),
  );
  return (
    <Dialog title={`Delete “${campaign.name}”?`} onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          The campaign stops at once and its progress records go with it
          {campaign.stats.total ? ` (${plural(campaign.stats.total, "lead")})` : ""}. The leads themselves stay in the
          workspace. This cannot be undone.
        </p>
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep it"
          label="Delete campaign"
          busyLabel="Deleting…"
          busy={remove.isPending || remove.isSuccess}
          onConfirm={() => remove.mutate({ id: campaign.id })}
        />
      </div>
    </Dialog>
  );
}

/** Name (editable), status with Activate / Pause, and delete. */
export function CampaignHeader({ campaign, onOpenSettings }: { campaign: TCampaign; onOpenSettings: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [pausing, setPausing] = useState(false);
  const setStatus = useMutation(
    trpc.campaigns.update.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.campaigns.get.queryKey({ id: campaign.id }), updated);
        void queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaign.id }) });
        // The leads' "waits until the campaign is activated" reads the send state: at once, not at its next minute's refresh.
        void queryClient.invalidateQueries({ queryKey: trpc.campaigns.sendState.queryKey({ id: campaign.id }) });
      },
    }),
  );
  const active = campaign.status === "active";
  const now = useNow(60_000);
  const sendState = useQuery({ ...trpc.campaigns.sendState.queryOptions({ id: campaign.id }), enabled: active, refetchInterval: 60_000 });
  const outsideSchedule = active && sendState.data ? windowNote(sendState.data, now) : null;
  const channels = sequenceChannels(campaign.sequence.steps);
  return (
    <header className="mb-6 space-y-3">
      <Link href="/campaigns" className="text-sm text-slate-500 hover:text-slate-800">
        ← Campaigns
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-[1_1_18rem]">
          {editing ? (
            <NameEditor campaign={campaign} onDone={() => setEditing(false)} />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="min-w-0 text-2xl break-words font-semibold tracking-tight text-slate-900">{campaign.name}</h1>
              <span data-testid="campaign-status">
                <CampaignStatusBadge status={campaign.status} />
              </span>
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)} aria-label={`Rename campaign ${campaign.name}`}>
                Rename
              </Button>
            </div>
          )}
          <p className="mt-1 text-sm text-slate-500">
            {plural(campaign.stats.total, "lead")}
            {(channels.linkedin || campaign.linkedinAccountIds.length > 0) && <> · {plural(campaign.linkedinAccountIds.length, "sender")} in the pool</>}
            {(channels.email || campaign.emailAccountIds.length > 0) && <> · {plural(campaign.emailAccountIds.length, "mailbox", "mailboxes")}</>} · created{" "}
            {formatDateTime(campaign.createdAt)}
            {campaign.finishedAt && <> · every lead finished {formatDateTime(campaign.finishedAt)}</>}
          </p>
          {outsideSchedule && (
            <p data-testid="send-window" className="mt-1 text-sm font-medium text-amber-800">
              Outside the schedule. {outsideSchedule}.
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {active ? (
            <Button variant="secondary" disabled={setStatus.isPending} onClick={() => setPausing(true)}>
              {setStatus.isPending ? "Pausing…" : "Pause campaign"}
            </Button>
          ) : (
            <Button disabled={setStatus.isPending} onClick={() => setStatus.mutate({ id: campaign.id, changes: { status: "active" } })}>
              {setStatus.isPending ? "Activating…" : "Activate campaign"}
            </Button>
          )}
          <Button variant="ghost" className="text-red-700" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>
      <ActivationError campaign={campaign} error={setStatus.error} activating={!active} onOpenPools={onOpenSettings} />
      {deleting && <DeleteDialog campaign={campaign} onClose={() => setDeleting(false)} />}
      {pausing && (
        <Dialog title={`Pause ${campaign.name}?`} size="sm" onClose={() => setPausing(false)}>
          <p className="mb-5 text-sm text-slate-600">No lead moves on until you activate the campaign again; leads keep their place in the sequence.</p>
          <DialogActions
            onCancel={() => setPausing(false)}
            label="Pause campaign"
            busyLabel="Pausing…"
            busy={setStatus.isPending}
            onConfirm={() => setStatus.mutate({ id: campaign.id, changes: { status: "paused" } }, { onSettled: () => setPausing(false) })}
          />
        </Dialog>
      )}
    </header>
  );
}
