import type { StockShown } from "@/lib/data/rules/stock-shown";
import styles from "./stock-badge.module.css";

/** The words a page shows of a product's stock (lib/data/rules/stock-shown.ts), or null when it shows none. */
function stockWords(stock: StockShown): string | null {
  if (stock.kind === "low") return `Only ${stock.left} left`;
  if (stock.kind === "out") return "Out of stock";
  return null;
}

/**
 * "Only N left" or "Out of stock" on a card or a details page; nothing when
 * the stock is not tracked or more than 5 are left. Said in words, the
 * colour only repeats them.
 */
export function StockBadge({ stock, id }: { stock: StockShown; id?: string }) {
  const words = stockWords(stock);
  if (!words) return null;
  return (
    <span
      id={id}
      className={stock.kind === "out" ? `${styles.badge} ${styles.out}` : `${styles.badge} ${styles.low}`}
      data-stock={stock.kind}
    >
      {words}
    </span>
  );
}
