"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field, Input } from "@/components/ui/field";
import { fieldErrors } from "@/components/ui/trpc-error";
import type { TDirectAction } from "@/server/schemas/direct-action";
import type { TSenderAccount } from "@/server/schemas/sender";
import { ErrorAlert } from "./error-alert";
import { pauseReasonText } from "./sender-display";

const NOTE_LIMIT = 300;
type Kind = "invitation" | "profile_view" | "post_like";

const DONE: Record<Kind, (action: TDirectAction) => string> = {
  invitation: (action) => `Connection request sent${action.note ? " with your note" : ""}. It shows as pending until they answer.`,
  profile_view: () => "Profile visited.",
  post_like: () => "Liked their latest post.",
};

function whyCannotAct(sender: TSenderAccount): string | null {
  if (sender.connectionStatus === "checkpoint_required") return "This sender has not finished connecting: answer its verification step first.";
  if (sender.connectionStatus !== "connected" || sender.status !== "active") return "This sender cannot act until it is reconnected.";
  if (sender.paused) return `${pauseReasonText(sender.pausedReason)}. Resume it to act.`;
  if (sender.cooldownUntil) return "LinkedIn asked this sender to rest; actions are refused until the cooldown ends.";
  return null;
}

/** One-off actions as this sender, within its caps: a connection request, a profile visit, a like. */
export function DirectActionsCard({ sender }: { sender: TSenderAccount }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [profileUrl, setProfileUrl] = useState("");
  const [note, setNote] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const [last, setLast] = useState<Kind | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.senders.pathKey() });
  const options = (kind: Kind) => ({
    onSuccess: async (action: TDirectAction) => {
      setDone(DONE[kind](action));
      if (kind === "invitation") setNote("");
      await refresh();
    },
  });
  const invite = useMutation(trpc.senders.sendConnectionRequest.mutationOptions(options("invitation")));
  const visit = useMutation(trpc.senders.visitProfile.mutationOptions(options("profile_view")));
  const like = useMutation(trpc.senders.likeLatestPost.mutationOptions(options("post_like")));
  const current = last === "invitation" ? invite : last === "profile_view" ? visit : last === "post_like" ? like : null;
  const errors = fieldErrors(current?.error);
  const urlError = errors["request.profileUrl"] ?? errors.profileUrl;
  const noteError = errors["request.note"] ?? errors.note;
  const pending = invite.isPending || visit.isPending || like.isPending;
  const blocked = whyCannotAct(sender);
  const freePlan = sender.linkedinPlan === "free";

  function run(kind: Kind) {
    setDone(null);
    setLast(kind);
    invite.reset();
    visit.reset();
    like.reset();
    const request = { profileUrl: profileUrl.trim() };
    if (kind === "invitation") invite.mutate({ id: sender.id, request: { ...request, note: !freePlan && note.trim() ? note.trim() : undefined } });
    else if (kind === "profile_view") visit.mutate({ id: sender.id, request });
    else like.mutate({ id: sender.id, request });
  }

  return (
    <Card title="Direct actions" description="Act as this sender on one LinkedIn profile right now. Each action counts against its limits.">
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          run("invitation");
        }}
      >
        {blocked && <Alert tone="warning">{blocked}</Alert>}
        {done && <Alert tone="success">{done}</Alert>}
        <ErrorAlert error={current?.error} shownFields={["request.profileUrl", "profileUrl", "request.note", "note"]} />
        <Field label="LinkedIn profile URL" htmlFor={`${id}-url`} error={urlError}>
          <Input
            id={`${id}-url`}
            value={profileUrl}
            onChange={(event) => setProfileUrl(event.target.value)}
            type="url"
            placeholder="https://www.linkedin.com/in/jane-doe"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? `${id}-url-error` : undefined}
          />
        </Field>
        <div className="space-y-1">
          <div className="flex items-baseline justify-between">
            <label htmlFor={`${id}-note`} className="block text-sm font-medium text-slate-700">
              Note with the connection request (optional)
            </label>
            <span className={`text-xs tabular-nums ${note.length > NOTE_LIMIT ? "font-medium text-red-700" : "text-slate-500"}`} aria-live="polite" data-testid="note-counter">
              {note.length}/{NOTE_LIMIT}
            </span>
          </div>
          <textarea
            id={`${id}-note`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            disabled={freePlan}
            aria-describedby={`${id}-note-help`}
            aria-invalid={note.length > NOTE_LIMIT || noteError ? true : undefined}
            className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs ring-1 ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 aria-invalid:ring-red-500"
            placeholder={freePlan ? "" : "Hi Jane, we met at…"}
          />
          <p id={`${id}-note-help`} className={`text-xs ${noteError ? "text-red-600" : "text-slate-500"}`}>
            {noteError ??
              (freePlan
                ? "Notes are a LinkedIn Premium feature: this sender is on a free plan, so its requests go without a note."
                : `Up to ${NOTE_LIMIT} characters.`)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending || Boolean(blocked) || note.length > NOTE_LIMIT}>
            {invite.isPending ? "Sending…" : "Send connection request"}
          </Button>
          <Button variant="secondary" disabled={pending || Boolean(blocked)} onClick={() => run("profile_view")}>
            {visit.isPending ? "Visiting…" : "View profile"}
          </Button>
          <Button variant="secondary" disabled={pending || Boolean(blocked)} onClick={() => run("post_like")}>
            {like.isPending ? "Liking…" : "Like latest post"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
