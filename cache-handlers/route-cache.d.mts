import type { CacheHandler } from "next/dist/server/lib/incremental-cache";
declare const RouteCache: typeof CacheHandler;
export default RouteCache;
