// Types of shop-log-check.mjs for the end-to-end helpers and the unit tests.
export interface ExpectedLine {
  pattern: RegExp;
  spec: string;
  reason: string;
}

export interface LogEntry {
  /** 1-based number of the entry's first line in the log file. */
  line: number;
  text: string;
}

export interface LogFailure {
  file: string;
  unexpected: LogEntry[];
}

export declare function parseExpectedLines(json: unknown): ExpectedLine[];
export declare function loadExpectedLines(file?: string): ExpectedLine[];
export declare function errorEntries(logText: string): LogEntry[];
export declare function unexpectedEntries(logText: string, expected: ExpectedLine[]): LogEntry[];
export declare function checkShopLogFiles(files: string[], expected?: ExpectedLine[]): LogFailure[];
export declare function describeLogFailures(failures: LogFailure[], options?: { maxEntries?: number }): string;
