"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { EmptyState } from "@/components/ui/empty-state";
import { fieldErrors } from "@/components/ui/trpc-error";

/** Shown to a signed-in person who belongs to no workspace (for example after being removed). */
export function NoWorkspace() {
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(trpc.workspace.create.mutationOptions({ onSuccess: () => router.refresh() }));
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }
  return (
    <EmptyState title="You do not belong to any workspace">
      <p>Ask a workspace admin for an invitation link, or create a workspace of your own.</p>
      <form onSubmit={onSubmit} className="mx-auto mt-6 max-w-xs space-y-3 text-left">
        <Field label="Workspace name" htmlFor="name" error={errors.name}>
          <Input id="name" name="name" required />
        </Field>
        <Button type="submit" className="w-full" disabled={create.isPending}>
          Create workspace
        </Button>
      </form>
    </EmptyState>
  );
}
