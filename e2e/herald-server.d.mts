import type { ChildProcess } from "node:child_process";

export interface StartedHerald {
  url: string;
  database: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  stop(): Promise<void>;
}

export function e2eTemplate(): string | undefined;
export function testControlToken(): string | undefined;
export function databaseUrl(database: string): string;
export function migrateTemplate(template: string, script?: string): Promise<void>;
export function dropDatabase(database: string): Promise<void>;
export function startHerald(options: { port: number; database: string; quiet?: boolean; env?: Record<string, string> }): Promise<StartedHerald>;
