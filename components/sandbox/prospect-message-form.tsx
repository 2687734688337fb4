"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { useTRPC } from "@/components/trpc/client";
import { Button } from "@/components/ui/button";

/** Writes to a sender as a prospect: Herald receives it as a reply, exactly as from LinkedIn. */
export function ProspectMessageForm({
  prospect,
  sender,
  onSent,
  onCancel,
}: {
  prospect: { id: string; name: string };
  sender: { memberId: string; name: string };
  onSent?: () => void;
  onCancel?: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState("");
  const reply = useMutation(
    trpc.sandbox.reply.mutationOptions({
      onSuccess: async () => {
        setText("");
        await queryClient.invalidateQueries();
        onSent?.();
      },
    }),
  );
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate({ prospectMemberId: prospect.id, senderMemberId: sender.memberId, text: text.trim() });
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        Message from {prospect.name} to {sender.name}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={2}
        maxLength={2000}
        required
        placeholder="Thanks for reaching out, let's talk next week."
        className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500"
      />
      <ErrorAlert error={reply.error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending || !text.trim()}>
          {reply.isPending ? "Sending…" : `Send as ${prospect.name}`}
        </Button>
        {onCancel && (
          <Button size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
