export interface SourceMapLike {
  sources?: string[];
  mappings?: string;
  sections?: Array<{ offset: { line: number; column: number }; map: SourceMapLike }>;
}
export function bytesBySource(code: string, map: SourceMapLike): Map<string, number>;
export function originOf(source: string): string;
export function isFrameworkOrigin(origin: string): boolean;
