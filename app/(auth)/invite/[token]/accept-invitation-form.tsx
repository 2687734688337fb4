"use client";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

export function AcceptInvitationForm({ token, email, hasAccount }: { token: string; email: string; hasAccount: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const accept = useMutation(trpc.setup.acceptInvitation.mutationOptions());
  const errors = fieldErrors(accept.error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get("password") ?? "");
    const name = hasAccount ? undefined : String(form.get("name") ?? "");
    await accept.mutateAsync({ token, name, password }).then(
      async () => {
        await signIn("credentials", { email, password, redirect: false });
        // "/" sends each person to their home page: Campaigns, or Approvals for an approver.
        router.replace("/");
        router.refresh();
      },
      () => undefined,
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {accept.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(accept.error)}</Alert>}
      {!hasAccount && (
        <Field label="Your name" htmlFor="name" error={errors.name}>
          <Input id="name" name="name" autoComplete="name" required autoFocus />
        </Field>
      )}
      <Field label="Password" htmlFor="password" error={errors.password} hint={hasAccount ? undefined : "At least 10 characters."}>
        <Input id="password" name="password" type="password" autoComplete={hasAccount ? "current-password" : "new-password"} required />
      </Field>
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? "Joining…" : "Join workspace"}
      </Button>
    </form>
  );
}
