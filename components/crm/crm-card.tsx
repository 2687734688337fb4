"use client";
// One CRM's card: what to set when this Herald does not offer it, a Connect button, or the connected
// account with its status, last sync, "Sync now" and Disconnect.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TCrmIntegration } from "@/server/schemas/crm";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatRelative } from "@/components/ui/format";
import { errorMessage } from "@/components/ui/trpc-error";

const STATUS_TONES: Record<string, BadgeTone> = { connected: "green", error: "amber", revoked: "red", disconnected: "slate" };

export function CrmCard({ integration, isAdmin }: { integration: TCrmIntegration; isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.crm.pathKey() });
  const connect = useMutation(trpc.crm.connect.mutationOptions({ onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl) }));
  const syncNow = useMutation(trpc.crm.syncNow.mutationOptions({ onSuccess: ({ message }) => setNotice(message), onSettled: refresh }));
  const disconnect = useMutation(trpc.crm.disconnect.mutationOptions({ onSuccess: ({ message }) => setNotice(message), onSettled: refresh }));
  const connection = integration.connection;
  const live = connection && connection.status !== "disconnected";
  const error = connect.error ?? syncNow.error ?? disconnect.error;

  return (
    <div className="flex flex-col gap-3 rounded-lg p-4 ring-1 ring-slate-200" data-testid={`crm-card-${integration.provider}`}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{integration.label}</h3>
        {connection && <Badge tone={STATUS_TONES[connection.status] ?? "slate"}>{connection.statusText}</Badge>}
      </div>
      {!integration.configured ? (
        <p className="text-sm text-slate-500">
          {integration.setupMessage} The guide is docs/crm-sync.md in Herald&apos;s repository.
        </p>
      ) : live ? (
        <div className="space-y-1 text-sm text-slate-600">
          <p>
            Account <span className="font-medium text-slate-800">{connection.account.name}</span>
          </p>
          <p>Last sync: {connection.lastSyncAt ? formatRelative(connection.lastSyncAt) : "not yet"}</p>
          {connection.lastError && <p className="text-red-700">{connection.lastError}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Not connected.</p>
      )}
      {integration.configured && isAdmin && (
        <div className="mt-auto flex flex-wrap gap-2">
          {!live || connection.status === "revoked" ? (
            <Button onClick={() => connect.mutate({ provider: integration.provider })} disabled={connect.isPending}>
              {connect.isPending ? "Opening…" : connection?.status === "revoked" ? `Reconnect ${integration.label}` : `Connect ${integration.label}`}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => syncNow.mutate({ id: connection.id })} disabled={syncNow.isPending}>
              {syncNow.isPending ? "Starting…" : "Sync now"}
            </Button>
          )}
          {live && (
            <Button
              variant="ghost"
              disabled={disconnect.isPending}
              onClick={() => {
                if (window.confirm(`Disconnect ${integration.label}? Herald stops syncing; what it made in ${integration.label} stays there.`)) disconnect.mutate({ id: connection.id });
              }}
            >
              Disconnect
            </Button>
          )}
        </div>
      )}
      {notice && <Alert tone="success">{notice}</Alert>}
      {error && <Alert tone="error">{errorMessage(error)}</Alert>}
    </div>
  );
}
