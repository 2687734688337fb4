"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

/** Names a new campaign, creates it with Herald's defaults (paused, weekdays 09:00–19:00) and opens it. */
export function NewCampaignDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const create = useMutation(
    trpc.campaigns.create.mutationOptions({
      onSuccess: async (campaign) => {
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
        router.push(`/campaigns/${campaign.id}`);
      },
    }),
  );
  const errors = fieldErrors(create.error);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate({ name: String(new FormData(event.currentTarget).get("name") ?? "") });
  }
  return (
    <Dialog
      title="New campaign"
      description="It starts paused, with an empty sequence and the schedule Monday to Friday, 09:00 to 19:00 UTC. You can change everything next."
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
