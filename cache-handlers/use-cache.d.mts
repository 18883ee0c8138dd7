import type { CacheHandler } from "next/dist/server/lib/cache-handlers/types";
declare const handler: CacheHandler;
export default handler;
