"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTRPC } from "@/components/trpc/client";
import type { TMembershipSummary } from "@/server/schemas/workspace";

export function WorkspaceSwitcher({
  workspaces,
  activeWorkspaceId,
  canCreate,
}: {
  workspaces: TMembershipSummary[];
  activeWorkspaceId: string | null;
  /** Approvers see no page but Approvals and the Inbox, the new-workspace page included. */
  canCreate: boolean;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const switchWorkspace = useMutation(
    trpc.workspace.switch.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        router.refresh();
      },
    }),
  );
  if (!workspaces.length) return null;
  return (
    <div className="space-y-1">
      <label className="block">
        <span className="sr-only">Workspace</span>
        <select
          aria-label="Workspace"
          value={activeWorkspaceId ?? ""}
          disabled={switchWorkspace.isPending}
          onChange={(event) => switchWorkspace.mutate({ workspaceId: event.target.value })}
          className="w-full rounded-md border-0 bg-slate-50 px-2.5 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200 focus:ring-2 focus:ring-brand-500"
        >
          {workspaces.map((workspace) => (
            <option key={workspace.workspaceId} value={workspace.workspaceId}>
              {workspace.workspaceName}
            </option>
          ))}
        </select>
      </label>
      {canCreate && (
        <Link href="/workspaces/new" className="block px-1 text-xs text-slate-500 hover:text-slate-800">
          + New workspace
        </Link>
      )}
    </div>
  );
}
