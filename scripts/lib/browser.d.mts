// Types of browser.mjs for playwright.config.ts and the specs.
import type { Browser, LaunchOptions } from "@playwright/test";

export declare const CHROMIUM_FLAGS: readonly string[];
export declare const HEADLESS_FLAG: string;
export declare function chromiumPath(): string;
export declare function chromiumLaunchOptions(options?: { headlessShell?: boolean }): { executablePath?: string; args: string[] };
export declare function launchBrowser(options?: LaunchOptions): Promise<Browser>;
export declare function ensureBrowser(options?: { headlessShell?: boolean }): boolean;
