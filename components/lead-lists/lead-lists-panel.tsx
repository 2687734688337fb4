"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import type { TLeadList } from "@/server/schemas/lead";
import { VerifyAddressesButton } from "@/components/verification/verify-addresses-button";
import { AddLeadsDialog } from "@/components/leads/add-leads-dialog";
import { Pagination } from "../ui/pagination";
import { plural } from "@/components/ui/plural";

const PAGE_SIZE = 50;

function CampaignLinks({ ids, names }: { ids: string[]; names: Map<string, string> }) {
  if (!ids.length) return <span className="text-slate-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {ids.map((id) => (
        <li key={id}>
          <Link href={`/campaigns/${id}`} className="text-brand-700 hover:underline">
            {names.get(id) ?? id}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RenameDialog({ list, onClose }: { list: TLeadList; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const rename = useMutation(
    trpc.leadLists.rename.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leadLists.list.queryKey() });
        onClose();
      },
    }),
  );
  const errors = fieldErrors(rename.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    rename.mutate({ id: list.id, name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }
  return (
    <Dialog title={`Rename “${list.name}”`} onClose={onClose} size="sm">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {rename.error && !errors.name && <Alert tone="error">{errorMessage(rename.error)}</Alert>}
        <Field label="List name" htmlFor="rename-list" error={errors.name}>
          <Input id="rename-list" name="name" defaultValue={list.name} required maxLength={120} aria-invalid={Boolean(errors.name)} />
        </Field>
        <DialogActions onCancel={onClose} label="Rename" busyLabel="Saving…" busy={rename.isPending} />
      </form>
    </Dialog>
  );
}

function DeleteDialog({ list, onClose }: { list: TLeadList; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.leadLists.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leadLists.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <Dialog title={`Delete “${list.name}”?`} onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          The list goes; its {plural(list.leadCount, "lead")} stay in the workspace and in their campaigns.
        </p>
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep it"
          label="Delete list"
          busyLabel="Deleting…"
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: list.id })}
        />
      </div>
    </Dialog>
  );
}

/** The workspace's lead lists: create, rename, delete (refused while a campaign uses the list). */
export function LeadListsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [offset, setOffset] = useState(0);
  const [renaming, setRenaming] = useState<TLeadList | null>(null);
  const [deleting, setDeleting] = useState<TLeadList | null>(null);
  const [adding, setAdding] = useState<TLeadList | null>(null);
  const lists = useQuery({ ...trpc.leadLists.list.queryOptions({ limit: PAGE_SIZE, offset }), placeholderData: keepPreviousData });
  const campaigns = useQuery(trpc.campaigns.list.queryOptions({ limit: 100, offset: 0 }));
  const names = new Map((campaigns.data?.campaigns ?? []).map((campaign) => [campaign.id, campaign.name]));
  const create = useMutation(trpc.leadLists.create.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.leadLists.list.queryKey() }) }));
  const errors = fieldErrors(create.error);

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    create.mutate({ name: String(new FormData(form).get("name") ?? "") }, { onSuccess: () => form.reset() });
  }

  return (
    <>
      <Link href="/campaigns" className="text-sm text-slate-500 hover:text-slate-800">
        ← Campaigns
      </Link>
      <div className="mt-3">
        <PageHeader title="Lead lists" description="Named sets of leads: a campaign can take its leads from a list, or exclude the leads of lists." />
      </div>
      <div className="space-y-6">
        <Card title="New list">
          <form onSubmit={onCreate} className="flex flex-wrap items-start gap-3" noValidate>
            <div className="max-w-sm flex-1">
              <Field label="List name" htmlFor="new-list-name" error={errors.name}>
                <Input id="new-list-name" name="name" required maxLength={120} aria-invalid={Boolean(errors.name)} />
              </Field>
            </div>
            <Button type="submit" disabled={create.isPending} className="mt-6">
              {create.isPending ? "Creating…" : "Create list"}
            </Button>
          </form>
          {create.error && !errors.name && (
            <div className="mt-3">
              <Alert tone="error">{errorMessage(create.error)}</Alert>
            </div>
          )}
        </Card>

        {lists.isPending ? (
          <p className="text-sm text-slate-500">Loading lists…</p>
        ) : lists.isError ? (
          <Alert tone="error">Lists could not be loaded: {errorMessage(lists.error)}</Alert>
        ) : !lists.data.total ? (
          <p className="text-sm text-slate-500">No lead lists yet. Create one above, then add leads to it here (pasted profile URLs or e-mail addresses), through the API or a LinkedIn search import.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Lead lists</caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">List</th>
                  <th scope="col" className="px-3 py-2.5 text-right font-medium">Leads</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Used by</th>
                  <th scope="col" className="px-3 py-2.5 font-medium">Excluded by</th>
                  <th scope="col" className="py-2.5 pr-5 pl-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {lists.data.lists.map((list) => (
                  <tr key={list.id} data-testid="lead-list-row" className="align-top">
                    <td className="py-3 pr-3 pl-5">
                      <p className="font-medium text-slate-900">{list.name}</p>
                      <p className="text-xs text-slate-500" title={formatDateTime(list.createdAt)}>
                        Created {formatRelative(list.createdAt)}
                      </p>
                      {list.leadCount > 0 && (
                        <div className="mt-2">
                          <VerifyAddressesButton target={{ listId: list.id }} size="sm" label={`Verify the addresses of ${list.name}`} />
                        </div>
                      )}
                    </td>
                    <td className="px-3 py-3 text-right tabular-nums">{list.leadCount}</td>
                    <td className="px-3 py-3">
                      <CampaignLinks ids={list.campaignIds} names={names} />
                    </td>
                    <td className="px-3 py-3">
                      <CampaignLinks ids={list.excludedByCampaignIds} names={names} />
                    </td>
                    <td className="py-3 pr-5 pl-3">
                      <div className="flex justify-end gap-1">
                        <Button variant="secondary" size="sm" onClick={() => setAdding(list)} aria-label={`Add leads to ${list.name}`}>
                          Add leads
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setRenaming(list)} aria-label={`Rename ${list.name}`}>
                          Rename
                        </Button>
                        <Button variant="ghost" size="sm" className="text-red-700" onClick={() => setDeleting(list)} aria-label={`Delete ${list.name}`}>
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination offset={offset} limit={PAGE_SIZE} total={lists.data.total} noun="lists" onChange={setOffset} />
          </div>
        )}
      </div>
      {renaming && <RenameDialog list={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteDialog list={deleting} onClose={() => setDeleting(null)} />}
      {adding && <AddLeadsDialog target={{ kind: "list", id: adding.id, name: adding.name }} onClose={() => setAdding(null)} />}
    </>
  );
}
