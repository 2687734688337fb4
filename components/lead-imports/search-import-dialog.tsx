"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, type FormEvent } from "react";
import { senderName } from "@/components/senders/sender-display";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { TCampaign } from "@/server/schemas/campaign";
import type { TLeadImport } from "@/server/schemas/lead";
import { useAllSenders } from "@/components/senders/use-all-senders";

function ImportProgress({ leadImport, campaignId }: { leadImport: TLeadImport; campaignId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery({
    ...trpc.leadImports.get.queryOptions({ id: leadImport.id }),
    initialData: leadImport,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1_500 : false),
  });
  const data = current.data;
  useEffect(() => {
    // New leads arrive in the campaign as the search is read.
    void queryClient.invalidateQueries({ queryKey: trpc.campaigns.leads.queryKey({ id: campaignId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.campaigns.get.queryKey({ id: campaignId }) });
  }, [data.added, data.refreshed, data.status, campaignId, queryClient, trpc]);
  const ratio = data.maxLeads ? Math.min(1, data.found / data.maxLeads) : 0;
  return (
    <div className="space-y-4" data-testid="search-import-progress">
      <div className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">
          {data.status === "running" ? "Reading the search…" : data.status === "done" ? "Import finished" : "Import failed"}
        </span>
        {data.status === "running" ? <Badge tone="blue">Running</Badge> : data.status === "done" ? <Badge tone="green">Done</Badge> : <Badge tone="red">Failed</Badge>}
      </div>
      <div
        role="progressbar"
        aria-label="People read from the search"
        aria-valuemin={0}
        aria-valuemax={data.maxLeads}
        aria-valuenow={data.found}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(data.status === "done" ? 1 : ratio) * 100}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-center sm:grid-cols-4" aria-live="polite" data-testid="search-import-summary">
        {[
          { label: "Found", value: data.found, hint: `of at most ${data.maxLeads}` },
          { label: "Added", value: data.added, hint: "to the campaign" },
          { label: "Already there", value: data.alreadyThere, hint: "in the campaign" },
          { label: "Refreshed", value: data.refreshed, hint: `known lead${data.refreshed === 1 ? "" : "s"} updated` },
        ].map((item) => (
          <div key={item.label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{item.label}</dt>
            <dd className="text-xl font-semibold text-slate-900 tabular-nums">{item.value}</dd>
            <dd className="text-[11px] text-slate-400">{item.hint}</dd>
          </div>
        ))}
      </dl>
      {data.excluded > 0 && (
        <p className="text-xs text-slate-600">
          {data.excluded} {data.excluded === 1 ? "person was" : "people were"} kept out by the campaign&apos;s exclusions (exclusion lists, or contacted by a sender outside its pool).
        </p>
      )}
      {data.error && <Alert tone="error">{data.error}</Alert>}
      {current.isError && <Alert tone="error">Progress could not be read: {errorMessage(current.error)}</Alert>}
      <p className="text-xs text-slate-500">
        The import runs in the background: you can close this window, the leads keep arriving in the campaign.
      </p>
    </div>
  );
}

/** Imports the people of a LinkedIn people search into the campaign, read through one sender's session. */
export function SearchImportDialog({ campaign, onClose }: { campaign: TCampaign; onClose: () => void }) {
  const trpc = useTRPC();
  const senders = useAllSenders();
  const usable = (senders.data?.senders ?? []).filter((sender) => sender.connectionStatus === "connected" && sender.status === "active");
  const start = useMutation(trpc.leadImports.start.mutationOptions());
  const errors = fieldErrors(start.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    start.mutate({
      searchUrl: String(data.get("searchUrl") ?? ""),
      linkedinAccountId: String(data.get("linkedinAccountId") ?? ""),
      maxLeads: Number(data.get("maxLeads") || 100),
      campaignId: campaign.id,
    });
  }
  return (
    <Dialog title="Import from a LinkedIn search" description="Herald reads the people of the search and adds them to this campaign." onClose={onClose}>
      {start.data ? (
        <div className="space-y-4">
          <ImportProgress leadImport={start.data} campaignId={campaign.id} />
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : senders.isPending ? (
        <p className="text-sm text-slate-500">Loading senders…</p>
      ) : !usable.length ? (
        <div className="space-y-4 text-sm text-slate-600">
          <p>A search is read through a connected sender&apos;s LinkedIn session, and this workspace has no connected sender yet.</p>
          <Link href="/senders" className="font-medium text-brand-700 hover:underline">
            Connect a sender
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {start.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(start.error)}</Alert>}
          <Field label="Search URL" htmlFor="search-url" error={errors.searchUrl} hint="A people search, e.g. https://www.linkedin.com/search/results/people/?keywords=cto">
            <Input id="search-url" name="searchUrl" type="url" required aria-invalid={Boolean(errors.searchUrl)} placeholder="https://www.linkedin.com/search/results/people/?keywords=…" />
          </Field>
          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <Field label="Read with sender" htmlFor="search-sender" error={errors.linkedinAccountId}>
              <Select id="search-sender" name="linkedinAccountId" defaultValue={campaign.linkedinAccountIds.find((id) => usable.some((sender) => sender.id === id)) ?? usable[0]!.id}>
                {usable.map((sender) => (
                  <option key={sender.id} value={sender.id}>
                    {senderName(sender)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="At most" htmlFor="search-max" error={errors.maxLeads} hint="1 to 2500 people">
              <Input id="search-max" name="maxLeads" type="number" min={1} max={2500} defaultValue={100} aria-invalid={Boolean(errors.maxLeads)} />
            </Field>
          </div>
          <DialogActions onCancel={onClose} label="Start import" busyLabel="Starting…" busy={start.isPending} />
        </form>
      )}
    </Dialog>
  );
}
