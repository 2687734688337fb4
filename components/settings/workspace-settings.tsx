"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

export function WorkspaceSettings() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.workspace.current.queryOptions());
  const [saved, setSaved] = useState(false);
  const update = useMutation(
    trpc.workspace.updateSettings.mutationOptions({
      onSuccess: async () => {
        setSaved(true);
        await queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
        router.refresh();
      },
    }),
  );
  if (current.isPending) return <Card title="Workspace">Loading…</Card>;
  if (current.error) return <Alert tone="error">{errorMessage(current.error)}</Alert>;
  const { workspace, role } = current.data;
  const canEdit = role === "owner" || role === "admin";
  const errors = fieldErrors(update.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    update.mutate({
      name: String(form.get("name") ?? ""),
      bypassWeeklyInvitationLimit: form.get("bypassWeeklyInvitationLimit") === "on",
      emailChannelEnabled: form.get("emailChannelEnabled") === "on",
      managedMailboxesEnabled: form.get("managedMailboxesEnabled") === "on",
      optOutStopsLinkedin: form.get("optOutStopsLinkedin") === "on",
      agentWritesNeedApproval: form.get("agentWritesNeedApproval") === "on",
    });
  }

  return (
    <Card title="Workspace" description={`Workspace id ${workspace.id}`}>
      <form onSubmit={onSubmit} className="max-w-lg space-y-4">
        {saved && <Alert tone="success">Settings saved.</Alert>}
        {update.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(update.error)}</Alert>}
        <Field label="Name" htmlFor="name" error={errors.name}>
          <Input id="name" name="name" defaultValue={workspace.name} disabled={!canEdit} required />
        </Field>
        <SettingCheckbox name="bypassWeeklyInvitationLimit" checked={workspace.settings.bypassWeeklyInvitationLimit} disabled={!canEdit} title="Bypass the weekly connection-request limit">
          Direct connection requests stop being refused at a sender&apos;s weekly limit. LinkedIn may still throttle the account.
        </SettingCheckbox>
        <SettingCheckbox name="emailChannelEnabled" checked={workspace.settings.emailChannelEnabled} disabled={!canEdit} title="Send e-mail from this workspace">
          Whether this workspace uses e-mail: mailboxes can be connected or removed only while it is on.
        </SettingCheckbox>
        <SettingCheckbox name="managedMailboxesEnabled" checked={workspace.settings.managedMailboxesEnabled} disabled={!canEdit} title="Managed mailboxes">
          Whether this workspace may buy domains and mailboxes through Herald (the Orders page). Mailboxes already bought keep working either way.
        </SettingCheckbox>
        <SettingCheckbox name="optOutStopsLinkedin" checked={workspace.settings.optOutStopsLinkedin} disabled={!canEdit} title="An unsubscribe stops LinkedIn steps too">
          When a lead unsubscribes from your e-mails or marks one as spam, their campaign stops altogether. Turned off, only the e-mails stop and the LinkedIn steps go on.
        </SettingCheckbox>
        <SettingCheckbox name="agentWritesNeedApproval" checked={workspace.settings.agentWritesNeedApproval} disabled={!canEdit} title="AI agents' changes wait for approval">
          Changes asked for with an AI agent&apos;s API key, over Herald&apos;s MCP server or the REST API alike, wait in Approvals → Agent actions until an admin or owner approves them. Reads are never held; your own keys that are not marked for an AI agent are not either.
        </SettingCheckbox>
        <dl className="grid grid-cols-2 gap-4 rounded-md bg-slate-50 p-3 text-sm">
          <div>
            <dt className="text-slate-500">Sender seats</dt>
            <dd className="font-medium text-slate-900">{workspace.seats.limit}</dd>
          </div>
          <div>
            <dt className="text-slate-500">AI credits</dt>
            <dd className="font-medium text-slate-900">{workspace.aiCredits.balance.toLocaleString("en")}</dd>
          </div>
        </dl>
        {canEdit ? (
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save"}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">Only admins and owners can change these settings.</p>
        )}
      </form>
    </Card>
  );
}

/** One on/off workspace setting with what it does in words. */
function SettingCheckbox({ name, checked, disabled, title, children }: { name: string; checked: boolean; disabled: boolean; title: string; children: React.ReactNode }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} disabled={disabled} className="mt-0.5 size-4 rounded border-slate-300" />
      <span>
        <span className="font-medium text-slate-800">{title}</span>
        <span className="block text-slate-500">{children}</span>
      </span>
    </label>
  );
}
