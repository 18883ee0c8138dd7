/**
 * A filtered view's count as its title says it (": 27 products"), or
 * nothing when the store cannot say. The title is a label: the page itself
 * tells the shopper the catalogue is unavailable (its error boundary), so a
 * failed count costs the title its number, logged, never the page. `read`
 * must reach the store only through reads that hand an unavailable store
 * back as a value (unavailable-read.ts says why).
 */
import "server-only";
import { isStoreError } from "@/lib/data/contract/errors";
import { log } from "@/lib/log";

export async function titleCount(read: () => Promise<number>): Promise<string> {
  try {
    const total = await read();
    return `: ${total.toLocaleString("en-US")} ${total === 1 ? "product" : "products"}`;
  } catch (error) {
    if (!isStoreError(error, "unavailable")) throw error;
    log.warn("catalog.title_count_unavailable", "A filtered view's title left out its count: the store did not answer", undefined, error);
    return "";
  }
}
