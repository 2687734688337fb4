"use client";
import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { type FormEvent } from "react";
import { useTRPC } from "@/components/trpc/client";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { errorMessage, fieldErrors } from "@/components/ui/trpc-error";

export function FirstRunForm() {
  const trpc = useTRPC();
  const router = useRouter();
  const complete = useMutation(trpc.setup.completeFirstRun.mutationOptions());
  const errors = fieldErrors(complete.error);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
      workspaceName: String(form.get("workspaceName") ?? ""),
    };
    await complete.mutateAsync(input).then(
      async () => {
        await signIn("credentials", { email: input.email, password: input.password, redirect: false });
        router.replace("/");
        router.refresh();
      },
      () => undefined,
    );
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {complete.error && !Object.keys(errors).length && <Alert tone="error">{errorMessage(complete.error)}</Alert>}
      <Field label="Your name" htmlFor="name" error={errors.name}>
        <Input id="name" name="name" autoComplete="name" required autoFocus />
      </Field>
      <Field label="E-mail" htmlFor="email" error={errors.email}>
        <Input id="email" name="email" type="email" autoComplete="email" required />
      </Field>
      <Field label="Password" htmlFor="password" error={errors.password} hint="At least 10 characters.">
        <Input id="password" name="password" type="password" autoComplete="new-password" required minLength={10} />
      </Field>
      <Field label="Workspace name" htmlFor="workspaceName" error={errors.workspaceName} hint="Usually your company or team.">
        <Input id="workspaceName" name="workspaceName" required />
      </Field>
      <Button type="submit" className="w-full" disabled={complete.isPending}>
        {complete.isPending ? "Creating…" : "Create account and workspace"}
      </Button>
    </form>
  );
}
