import type { ReactNode } from "react";
import { ConnectFooter } from "@/components/connect/connect-footer";
import { Logo } from "@/components/shell/logo";

/** The hosted connect pages: public, for the owner of a LinkedIn account or a mailbox, no Herald session. */
export default function ConnectLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Logo />
        </div>
        <div className="rounded-xl bg-white p-8 shadow-sm ring-1 ring-slate-200">{children}</div>
        <ConnectFooter />
      </div>
    </main>
  );
}
