import Link from "next/link";
import type { LowStockProduct } from "@/lib/data/contract/sales";
import { adminProductPath } from "@/lib/site-links";
import styles from "./dashboard.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** Tracked products at or under the operator's level, fewest first, each a link to its product's page. */
export function LowStock({ products, atMost }: { products: LowStockProduct[]; atMost: number }) {
  return (
    <section aria-labelledby="dashboard-stock-title">
      <h2 id="dashboard-stock-title">Low stock</h2>
      {products.length === 0 ? (
        <p data-testid="dashboard-stock-none">No tracked product has {COUNT.format(atMost)} or fewer in stock.</p>
      ) : (
        <table className={styles.table} data-testid="dashboard-stock">
          <caption className={styles.hint}>
            Tracked products with {COUNT.format(atMost)} or fewer in stock, fewest first (at most {products.length}).
          </caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={styles.number}>
                In stock
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.productId}>
                <th scope="row">
                  <Link href={adminProductPath(product.productId)}>{product.name}</Link>
                </th>
                <td className={styles.number}>{COUNT.format(product.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
