"use client";
// Import a CRM list as leads: pick the list, then a lead list or a new one's name. Duplicates and the
// do-not-contact list apply as everywhere; the answer says what happened in words.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TCrmConnection } from "@/server/schemas/crm";
import { useAllLeadLists } from "@/components/lead-lists/use-all-lead-lists";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { errorMessage } from "@/components/ui/trpc-error";

const NEW_LIST = "__new";

export function CrmImportList({ connection }: { connection: TCrmConnection }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const crmLists = useQuery(trpc.crm.lists.queryOptions({ id: connection.id }));
  const leadLists = useAllLeadLists();
  const [crmListId, setCrmListId] = useState("");
  const [target, setTarget] = useState(NEW_LIST);
  const [name, setName] = useState("");
  const run = useMutation(trpc.crm.importList.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.crm.pathKey() }) }));
  const crmList = crmLists.data?.find((list) => list.id === crmListId);
  return (
    <section className="space-y-3">
      <h3 className="text-sm font-semibold text-slate-900">Import a list as leads</h3>
      {crmLists.error && <Alert tone="error">{errorMessage(crmLists.error)}</Alert>}
      <form
        className="grid gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          run.mutate({
            id: connection.id,
            list: { crmListId, crmListName: crmList?.name, ...(target === NEW_LIST ? { newLeadListName: name || crmList?.name || "" } : { leadListId: target }) },
          });
        }}
      >
        <Field label={`${connection.label} list`} htmlFor={`import-crm-${connection.id}`}>
          <Select id={`import-crm-${connection.id}`} value={crmListId} onChange={(event) => setCrmListId(event.target.value)} required>
            <option value="">{crmLists.isPending ? "Loading…" : "Choose a list"}</option>
            {crmLists.data?.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Into" htmlFor={`import-target-${connection.id}`}>
          <Select id={`import-target-${connection.id}`} value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value={NEW_LIST}>A new lead list</option>
            {leadLists.data?.lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </Select>
        </Field>
        {target === NEW_LIST && (
          <Field label="New list's name" htmlFor={`import-name-${connection.id}`}>
            <Input id={`import-name-${connection.id}`} value={name} placeholder={crmList?.name ?? "Imported from the CRM"} onChange={(event) => setName(event.target.value)} />
          </Field>
        )}
        <div>
          <Button type="submit" disabled={!crmListId || run.isPending}>
            {run.isPending ? "Importing…" : "Import"}
          </Button>
        </div>
      </form>
      {run.data && <Alert tone="success">{run.data.message}</Alert>}
      {run.error && <Alert tone="error">{errorMessage(run.error)}</Alert>}
    </section>
  );
}
