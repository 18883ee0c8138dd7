// Types of shop-log-file.mjs for the end-to-end helpers and the unit tests.
export interface ShopLogWriter {
  readonly file: string;
  write(line: string, stream: "stdout" | "stderr"): void;
}

export declare function shopLogPath(pass: string, name: string, dir?: string): string;
export declare function freeShopLogPath(pass: string, name: string, dir?: string): string;
export declare function openShopLog(file: string): ShopLogWriter;
export declare function parseShopLogLine(line: string): { stream: "stdout" | "stderr"; text: string };
export declare function shopLogsOfPass(pass: string, dir?: string): string[];
export declare function clearShopLogsOfPass(pass: string, dir?: string): void;
