"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { TMailbox } from "@/server/schemas/mailbox";
import { mailboxName } from "./mailbox-display";

/** Removing says what happens to the campaigns and leads, and how to undo it (reconnect within 15 days). */
export function RemoveMailboxDialog({ mailbox, onClose }: { mailbox: TMailbox; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.mailboxes.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.mailboxes.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.pathKey() });
        router.push("/mailboxes");
      },
    }),
  );
  return (
    <Dialog title={`Remove ${mailboxName(mailbox)}?`} onClose={onClose} size="sm">
      <div className="space-y-4 text-sm text-slate-600">
        <ul className="list-disc space-y-1.5 pl-5">
          <li>It leaves every campaign it sends for, and sends nothing more.</li>
          <li>Its leads move to the campaigns&apos; remaining mailboxes; a campaign without another mailbox holds its e-mail steps until you add one.</li>
          <li>
            Connecting <span className="font-medium text-slate-800">{mailbox.email}</span> again within 15 days restores its campaigns, leads and
            settings. After that it comes back as a new mailbox.
          </li>
        </ul>
        <ErrorAlert error={remove.error} />
        <DialogActions
          danger
          onCancel={onClose}
          cancelLabel="Keep it"
          label="Remove mailbox"
          busyLabel="Removing…"
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: mailbox.id })}
        />
      </div>
    </Dialog>
  );
}
