export const ROUTE_CACHE_MAX_BYTES: number;
export const NOTHING_FOUND_TAG: string;
export function keptPage(key: string, value: { kind?: string; status?: number; headers?: Record<string, unknown> } | null): boolean;
