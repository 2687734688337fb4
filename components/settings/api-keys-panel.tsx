"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { formatDateTime, formatRelative } from "@/components/ui/format";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import { useWorkspaceRole } from "@/components/shell/workspace-role";
import { ApiKeyBudget, budgetInput } from "./api-key-budget";
import { CopyButton } from "./copy-button";

export function ApiKeysPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (result) => {
        setCreated({ name: result.apiKey.name, key: result.key });
        await refresh();
      },
    }),
  );
  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: refresh }));
  const errors = fieldErrors(create.error);
  const role = useWorkspaceRole();
  const mayBudget = role === "owner" || role === "admin";

  function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setCreated(null);
    const data = new FormData(form);
    const budgets = mayBudget ? { actionBudget: budgetInput(data.get("actionBudget")), creditBudget: budgetInput(data.get("creditBudget")) } : {};
    create.mutate({ name: String(data.get("name") ?? ""), agentKey: data.get("agentKey") === "on", ...budgets }, { onSuccess: () => form.reset() });
  }

  return (
    <>
      <Card
        title="API keys"
        description={
          <>
            Keys call the REST API at <code className="text-xs">/api/v1</code> as you, in this workspace. See the{" "}
            <Link href="/api-reference" className="text-brand-600 hover:underline">
              API reference
            </Link>
            .
          </>
        }
      >
        <form onSubmit={onCreate} className="flex flex-wrap items-end gap-3">
          <div className="max-w-sm flex-1">
            <Field label="Key name" htmlFor="key-name" error={errors.name} hint="What the key is for, e.g. “CRM sync”.">
              <Input id="key-name" name="name" required maxLength={60} />
            </Field>
          </div>
          {mayBudget && (
            <>
              <div className="w-32">
                <Field label="Action budget" htmlFor="key-action-budget" error={errors.actionBudget} hint="Writes; empty: no limit">
                  <Input id="key-action-budget" name="actionBudget" type="number" min={0} inputMode="numeric" />
                </Field>
              </div>
              <div className="w-32">
                <Field label="Credit budget" htmlFor="key-credit-budget" error={errors.creditBudget} hint="AI credits; empty: no limit">
                  <Input id="key-credit-budget" name="creditBudget" type="number" min={0} inputMode="numeric" />
                </Field>
              </div>
            </>
          )}
          <label className="mb-6 flex items-center gap-2 text-sm text-slate-700" title="Its writes wait for approval when the workspace asks for that, and it can never approve them. A key used by an MCP client becomes an AI agent's key anyway.">
            <input type="checkbox" name="agentKey" className="h-4 w-4 rounded border-slate-300" />
            For an AI agent
          </label>
          <Button type="submit" disabled={create.isPending} className="mb-5">
            {create.isPending ? "Creating…" : "Create API key"}
          </Button>
        </form>
        {/* The title above is a hover only: a phone never shows it, so the box's meaning is written out. */}
        <p className="mt-2 mb-3 text-xs text-slate-500">
          Tick &ldquo;For an AI agent&rdquo; for a key an AI agent uses (an MCP client, say): while Settings → Workspace asks for it, its changes wait in Approvals → Agent actions, and it can never approve them.
        </p>
        {create.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        {created && (
          <div className="mt-2">
            <Alert tone="success">
              <p className="font-medium">Your new key “{created.name}”. Copy it now: it will not be shown again.</p>
              <div className="mt-2 flex items-center gap-2">
                <code data-testid="new-api-key" className="flex-1 truncate rounded bg-white px-2 py-1 font-mono text-xs text-slate-800">
                  {created.key}
                </code>
                <CopyButton value={created.key} />
              </div>
            </Alert>
          </div>
        )}

        <div className="mt-6">
          {keys.isPending ? (
            <p className="text-sm text-slate-500">Loading…</p>
          ) : !keys.data?.length ? (
            <p className="text-sm text-slate-500">No API keys yet. Create one to call the API.</p>
          ) : (
            <div className="-mx-5 overflow-x-auto px-5">
              <table className="w-full text-left text-sm">
                <thead className="text-xs text-slate-500 uppercase">
                  <tr>
                    {/* On a phone: the name with the key and its use below it, and Revoke; the other columns from sm up. */}
                    <th className="py-2 font-medium">Name</th>
                    <th className="hidden py-2 font-medium sm:table-cell">Key</th>
                    <th className="hidden py-2 font-medium sm:table-cell">Created by</th>
                    <th className="hidden py-2 font-medium sm:table-cell">Last used</th>
                    <th className="py-2 font-medium">Budget</th>
                    <th className="py-2">
                      <span className="sr-only">Revoke</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {keys.data.map((key) => (
                    <tr key={key.id} data-testid="api-key-row" className={key.revokedAt ? "text-slate-400" : ""}>
                      <td className="py-2 pr-2 font-medium break-words">
                        {key.name}
                        {key.agentKey && (
                          <span data-testid="api-key-agent" className="ml-2 inline-block rounded bg-violet-50 px-1.5 py-0.5 text-xs font-normal whitespace-nowrap text-violet-700" title="An AI agent's key: its writes wait for approval when the workspace asks for that.">
                            AI agent
                          </span>
                        )}
                        <span className="block text-xs font-normal text-slate-500 sm:hidden">
                          <span className="font-mono">{key.prefix}…</span> · {key.createdBy.name ?? key.createdBy.email} · {key.lastUsedAt ? `used ${formatRelative(key.lastUsedAt)}` : "never used"}
                        </span>
                      </td>
                      <td className="hidden py-2 font-mono text-xs sm:table-cell">{key.prefix}…</td>
                      <td className="hidden py-2 pr-2 break-words sm:table-cell">{key.createdBy.name ?? key.createdBy.email}</td>
                      <td className="hidden py-2 sm:table-cell" title={formatDateTime(key.lastUsedAt)}>
                        {formatRelative(key.lastUsedAt)}
                      </td>
                      <td className="py-2 pr-2 align-top">
                        <ApiKeyBudget apiKey={key} editable={mayBudget && !key.revokedAt} onSaved={refresh} />
                      </td>
                      <td className="py-2 text-right">
                        {key.revokedAt ? (
                          <span className="text-xs">Revoked {formatRelative(key.revokedAt)}</span>
                        ) : (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-700"
                            disabled={revoke.isPending}
                            onClick={() => {
                              if (window.confirm(`Revoke “${key.name}”? Requests with it will fail at once, and the Zapier, Make or n8n subscriptions it made are removed.`)) {
                                revoke.mutate({ apiKeyId: key.id });
                              }
                            }}
                          >
                            Revoke
                          </Button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </Card>
    </>
  );
}
