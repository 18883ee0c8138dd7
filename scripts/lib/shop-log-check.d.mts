// Types of shop-log-check.mjs for the end-to-end helpers and the unit tests.
export type ExpectedLine =
  | { kind: string; match: Array<{ path: string; pattern: RegExp }>; spec: string; reason: string; pattern?: undefined }
  | { pattern: RegExp; spec: string; reason: string; kind?: undefined };

export interface LogEntry {
  /** 1-based number of the entry's first line in the log file. */
  line: number;
  text: string;
  /** The shop's line (lib/log), parsed; null for Next's or Node's text. */
  json: Record<string, unknown> | null;
}

export interface LogFailure {
  file: string;
  unexpected: LogEntry[];
}

export declare function shopLine(text: string): Record<string, unknown> | null;
export declare function parseExpectedLines(json: unknown): ExpectedLine[];
export declare function loadExpectedLines(file?: string): ExpectedLine[];
export declare function errorEntries(logText: string): LogEntry[];
export declare function unexpectedEntries(logText: string, expected: ExpectedLine[]): LogEntry[];
export declare function checkShopLogFiles(files: string[], expected?: ExpectedLine[]): LogFailure[];
export declare function describeLogFailures(failures: LogFailure[], options?: { maxEntries?: number }): string;
