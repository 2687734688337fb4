"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { errorMessage } from "@/components/ui/trpc-error";

/** The switch that shares the list with the installation's other sharing workspaces (admins and owners). */
export function SharingSetting({ isAdmin }: { isAdmin: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sharing = useQuery(trpc.doNotContact.sharing.queryOptions());
  // The switch moves as it is clicked, and back if the change is refused.
  const [choice, setChoice] = useState<boolean | null>(null);
  const update = useMutation(
    trpc.doNotContact.setSharing.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.doNotContact.sharing.queryKey(), data),
      onSettled: () => setChoice(null),
    }),
  );
  const shared = choice ?? Boolean(sharing.data?.shared);
  return (
    <Card title="Sharing">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={shared}
          disabled={!isAdmin || sharing.isPending || update.isPending}
          onChange={(event) => {
            setChoice(event.target.checked);
            update.mutate({ shared: event.target.checked });
          }}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        <span>
          <span className="font-medium text-slate-800">Share this list with the other workspaces of this installation</span>
          <span className="block text-slate-500">
            Each sharing workspace refuses the people on any sharing workspace&apos;s list, and its own list stays its own to edit. A workspace that does not share neither
            gives nor receives entries.
          </span>
        </span>
      </label>
      {!isAdmin && <p className="mt-2 text-sm text-slate-500">Only admins and owners can change this.</p>}
      {(sharing.error || update.error) && (
        <div className="mt-3">
          <Alert tone="error">{errorMessage(sharing.error ?? update.error)}</Alert>
        </div>
      )}
    </Card>
  );
}
