"use client";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input, Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";
import { KIND_LABELS, listedOn, reasonWords } from "@/server/domain/do-not-contact/words";
import type { TDoNotContactEntry } from "@/server/schemas/do-not-contact";

type Kind = keyof typeof KIND_LABELS;

/** The list, newest first, searched by the start of a value and filtered by kind; admins remove entries. */
export function EntriesTable({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState("");
  const [kind, setKind] = useState<Kind | "">("");
  const deferredSearch = useDeferredValue(search.trim());
  const filters = { limit: 50, ...(kind ? { kind } : {}), ...(deferredSearch ? { search: deferredSearch } : {}) };
  const entries = useInfiniteQuery({
    ...trpc.doNotContact.list.infiniteQueryOptions(filters, { getNextPageParam: (page) => page.paging.nextCursor ?? undefined }),
    placeholderData: (previous) => previous,
  });
  const remove = useMutation(
    trpc.doNotContact.remove.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.doNotContact.list.pathKey() }),
    }),
  );
  const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Boolean(kind || deferredSearch);

  return (
    <Card title="The list" description="Newest first. Search finds values by their beginning.">
      <div className="mb-4 flex flex-col gap-2 sm:flex-row">
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search, e.g. acme" aria-label="Search the list" className="sm:max-w-xs" />
        <Select value={kind} onChange={(event) => setKind(event.target.value as Kind | "")} aria-label="Kind" className="sm:max-w-48">
          <option value="">Every kind</option>
          {Object.entries(KIND_LABELS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </Select>
      </div>
      {entries.error && <Alert tone="error">{errorMessage(entries.error)}</Alert>}
      {remove.error && <Alert tone="error">{`The entry was not removed: ${errorMessage(remove.error)}`}</Alert>}
      {entries.isPending ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : rows.length === 0 ? (
        filtered ? (
          <p className="text-sm text-slate-500">No entry matches.</p>
        ) : (
          <EmptyState title="The do-not-contact list is empty">
            Herald adds a person here when they unsubscribe, mark an e-mail as spam or hard-bounce, and you can add addresses, whole domains, LinkedIn profiles and companies by hand
            or from a CSV file above. No campaign takes a step towards anyone the list names.
          </EmptyState>
        )
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-slate-500">
            <tr>
              <th className="py-2 pr-3 font-medium">Entry</th>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">Reason</th>
              <th className="hidden py-2 pr-3 font-medium md:table-cell">Added</th>
              <th className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((entry) => (
              <EntryRow key={entry.id} entry={entry} isAdmin={isAdmin} removing={remove.isPending && remove.variables?.id === entry.id} onRemove={() => remove.mutate({ id: entry.id })} />
            ))}
          </tbody>
        </table>
      )}
      {entries.hasNextPage && (
        <div className="mt-3">
          <Button variant="secondary" size="sm" onClick={() => entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
            {entries.isFetchingNextPage ? "Loading…" : "Show more"}
          </Button>
        </div>
      )}
    </Card>
  );
}

function EntryRow({ entry, isAdmin, removing, onRemove }: { entry: TDoNotContactEntry; isAdmin: boolean; removing: boolean; onRemove: () => void }) {
  const added = `${listedOn(entry.createdAt)}${entry.addedBy ? ` by ${entry.addedBy}` : ""}`;
  const label = entry.value ?? "Erased person";
  return (
    <tr className="align-top">
      <td className="py-2 pr-3">
        <span className={`block font-medium break-all ${entry.value ? "text-slate-900" : "text-slate-500 italic"}`}>{label}</span>
        <span className="block text-xs text-slate-500">
          {KIND_LABELS[entry.kind]}
          {/* On a phone the reason and the date go under the value. */}
          <span className="sm:hidden"> · {reasonWords(entry.reason)}</span>
          <span className="md:hidden"> · {added}</span>
        </span>
        {entry.note && <span className="block text-xs text-slate-600">{entry.note}</span>}
      </td>
      <td className="hidden py-2 pr-3 text-slate-700 sm:table-cell">{reasonWords(entry.reason)}</td>
      <td className="hidden py-2 pr-3 text-slate-700 md:table-cell">{added}</td>
      <td className="py-2 text-right">
        {isAdmin && (
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={removing} aria-label={`Remove ${label} from the list`}>
            {removing ? "Removing…" : "Remove"}
          </Button>
        )}
      </td>
    </tr>
  );
}
