// Types of shop-log-personal-data.mjs for the end-to-end helpers and the unit tests.
export interface PersonalDataFinding {
  /** 1-based number of the line in the log file. */
  line: number;
  what: string;
  /** The found text, masked. */
  found: string;
}

export interface PersonalDataFailure {
  file: string;
  findings: PersonalDataFinding[];
}

export declare function loadKnownPersonalData(file?: string): string[];
export declare function personalDataIn(logText: string, known?: string[]): PersonalDataFinding[];
export declare function checkShopLogsForPersonalData(files: string[], known?: string[]): PersonalDataFailure[];
export declare function describePersonalData(failures: PersonalDataFailure[], options?: { maxFindings?: number }): string;
