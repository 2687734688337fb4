"use client";
// The workspace settings' save, as each Settings card uses it: the mutation, whether the card's last
// save went through (its "Saved." line, cleared by the card when it is edited again), and the
// workspace's queries refreshed after a save.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import type { TWorkspace } from "@/server/schemas/workspace";

export function useUpdateWorkspaceSettings(onSaved?: (workspace: TWorkspace) => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const update = useMutation(
    trpc.workspace.updateSettings.mutationOptions({
      onSuccess: async (workspace) => {
        onSaved?.(workspace);
        setDone(true);
        await queryClient.invalidateQueries({ queryKey: trpc.workspace.pathKey() });
      },
    }),
  );
  return { update, done, setDone };
}
