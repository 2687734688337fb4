"use client";
import { useId, useState, type FormEvent } from "react";
import { ErrorAlert } from "@/components/senders/error-alert";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { TConversation } from "@/server/schemas/inbox";
import { composerWording, isSendShortcut } from "./inbox-display";
import { useConversationActions } from "./use-inbox";

const MAX_LENGTH = 8000;

/**
 * The answer to a conversation, through its own sender (a LinkedIn message) or mailbox (an e-mail
 * in the same thread). Ctrl+Enter or ⌘+Enter sends; when the account cannot send, the box says why
 * instead of failing on send.
 */
export function ReplyComposer({ conversation }: { conversation: TConversation }) {
  const id = useId();
  const { reply } = useConversationActions();
  const [text, setText] = useState("");
  const wording = composerWording(conversation);
  const disabled = !conversation.canReply;
  const send = () => {
    const body = text.trim();
    if (!body || disabled || reply.isPending) return;
    reply.mutate({ id: conversation.id, text: body }, { onSuccess: () => setText("") });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  return (
    <form onSubmit={onSubmit} aria-label="Reply" className="space-y-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {wording.label}
      </label>
      {disabled && (
        <Alert tone="warning">
          <span data-testid="cannot-reply">{conversation.cannotReplyReason ?? "This account cannot send right now."}</span>
        </Alert>
      )}
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isSendShortcut(event)) {
            event.preventDefault();
            send();
          }
        }}
        rows={3}
        maxLength={MAX_LENGTH}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        placeholder={wording.placeholder}
        className="block w-full resize-y rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 disabled:bg-slate-50 disabled:text-slate-400"
      />
      <ErrorAlert error={reply.error} />
      <div className="flex items-center justify-between gap-3">
        <p id={`${id}-hint`} className="text-[11px] text-slate-500">
          {text.length > MAX_LENGTH - 500 ? `${text.length}/${MAX_LENGTH} characters · ` : ""}
          <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd> or <kbd className="font-sans">⌘</kbd>+<kbd className="font-sans">Enter</kbd> sends
        </p>
        <Button type="submit" size="sm" disabled={disabled || reply.isPending || !text.trim()}>
          {reply.isPending ? "Sending…" : "Send"}
        </Button>
      </div>
    </form>
  );
}
