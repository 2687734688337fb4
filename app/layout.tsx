import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Providers } from "@/components/trpc/provider";
import "./globals.css";

// Every page renders per request, never prerendered at build time: Next.js puts the request's
// Content-Security-Policy nonce on its scripts (server/http/security-headers.ts), and a page built
// once would carry none and have every script refused.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Herald", template: "%s · Herald" },
  description: "Self-hostable outreach automation for LinkedIn and e-mail.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
