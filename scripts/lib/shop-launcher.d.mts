// Types of shop-launcher.mjs for the end-to-end helpers and playwright.config.ts.
import type { ChildProcess } from "node:child_process";

export declare const NEXT_BIN: string;
/** How long `next start` keeps an idle connection open, in milliseconds (as text: a flag's value). */
export declare const KEEP_ALIVE_MS: string;

export interface ShopPlace {
  port?: number | string;
  authPort?: number | string;
  distDir?: string;
  dataDir?: string;
}

export declare function shopPlace(place?: ShopPlace): Record<string, string>;

export declare function shopEnv(
  options?: ShopPlace & { mode?: "start" | "dev"; backend?: "sqlite" | "firestore"; env?: Record<string, string> },
): NodeJS.ProcessEnv;

export interface ShopHandle {
  readonly url: string;
  readonly pid: number | undefined;
  readonly child: ChildProcess;
  /** The last lines the process printed (stdout and stderr). */
  log(): string;
  /** Resolves with the signal or exit code once the process has ended. */
  readonly exited: Promise<string>;
  /** SIGTERM to the group, SIGKILL after timeoutMs; resolves once it has ended. */
  stop(timeoutMs?: number): Promise<void>;
  /** SIGKILL to the group (a crash); resolves once it has ended. */
  kill(): Promise<void>;
}

export interface StartShopOptions {
  env: NodeJS.ProcessEnv;
  mode?: "start" | "dev";
  via?: "next" | "local";
  flags?: string[];
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
  logLines?: number;
  onSpawn?: (child: ChildProcess) => void;
  onLine?: (line: string, stream: "stdout" | "stderr") => void;
}

export declare function startShop(options: StartShopOptions): Promise<ShopHandle>;
export declare function signalGroup(pid: number, signal: NodeJS.Signals): boolean;
export declare function healthy(url: string): Promise<boolean>;
