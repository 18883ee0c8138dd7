export default class PageCacheHandler {
  get(key: string): Promise<{ lastModified: number; value: { kind: string } & Record<string, unknown> } | null>;
  set(key: string, data: ({ kind: string } & Record<string, unknown>) | null, ctx?: { tags?: string[] }): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
