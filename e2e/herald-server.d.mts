import type { ChildProcess } from "node:child_process";

export interface StartedHerald {
  url: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

export function startHerald(options: { port: number; database: string; quiet?: boolean; env?: Record<string, string> }): Promise<StartedHerald>;
