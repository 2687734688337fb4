"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";

/** Creates a workspace owned by the signed-in person and switches to it. */
export function CreateWorkspaceForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.workspace.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        router.push("/");
        router.refresh();
      },
    }),
  );
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }
  return (
    <form onSubmit={onSubmit} className="max-w-sm space-y-3 text-left">
      <Field label="Workspace name" htmlFor="new-workspace-name" error={errors.name}>
        <Input id="new-workspace-name" name="name" required />
      </Field>
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? "Creating…" : "Create workspace"}
      </Button>
    </form>
  );
}
