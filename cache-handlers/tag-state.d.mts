export interface TagState {
  expiredAt: Map<string, number>;
  refresh: (() => Promise<void>) | null;
}
export function tagState(): TagState;
export function now(): number;
export function expireTags(tags: Iterable<string>, at?: number): void;
export function latestExpiry(tags: Iterable<string>): number;
export function isExpired(tags: Iterable<string>, madeAt: number): boolean;
export function refreshTagState(): Promise<void>;
