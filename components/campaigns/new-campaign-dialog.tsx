"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";
import { setupHref } from "./setup/setup-steps";

/**
 * Names a new campaign, creates it at once as a draft with Herald's defaults (weekdays 09:00–19:00), so
 * nothing is lost if the user leaves, and opens its guided set-up at the sequence.
 */
export function NewCampaignDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: async (campaign) => {
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
        router.push(setupHref(campaign.id, "sequence"));
      },
    }),
  );
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name: String(new FormData(event.currentTarget).get("name") ?? ""), status: "draft" });
  }
  return (
    <Dialog
      title="New campaign"
      description="It starts as a draft with the schedule Monday to Friday, 09:00 to 19:00 UTC. Next, a guided set-up takes you through its sequence, senders, leads and schedule to the launch; you can leave it at any step."
      onClose={onClose}
      size="sm"
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {create.error && !errors.name && <Alert tone="error">{errorMessage(create.error)}</Alert>}
        <Field label="Campaign name" htmlFor="new-campaign-name" error={errors.name} hint="For example “CTOs in Berlin, Q3”.">
          <Input id="new-campaign-name" name="name" required maxLength={120} aria-invalid={Boolean(errors.name)} autoComplete="off" />
        </Field>
        <DialogActions onCancel={onClose} label="Create campaign" busyLabel="Creating…" busy={create.isPending || create.isSuccess} />
      </form>
    </Dialog>
  );
}
