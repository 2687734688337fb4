import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/**
 * One part of the campaign's settings (sender pool, schedule…): a card named for assistive
 * technology, so the Settings tab's one form and the guided set-up's steps reach each part by name.
 */
export function SettingsSection({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div role="region" aria-label={title}>
      <Card title={title} description={description}>
        {children}
      </Card>
    </div>
  );
}
