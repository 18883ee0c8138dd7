import Link from "next/link";
import { Price } from "@/components/product/price";
import type { TopProduct } from "@/lib/admin/dashboard/dashboard-figures";
import { adminProductPath } from "@/lib/site-links";
import styles from "./dashboard.module.css";

const COUNT = new Intl.NumberFormat("en-US");

/** The 30 days' best sellers by goods sold, each a link to its product's page. */
export function TopProducts({ products }: { products: TopProduct[] }) {
  return (
    <section aria-labelledby="dashboard-top-title">
      <h2 id="dashboard-top-title">Top products</h2>
      {products.length === 0 ? (
        <p data-testid="dashboard-top-none">No paid orders in these 30 days.</p>
      ) : (
        <table className={styles.table} data-testid="dashboard-top">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className={styles.number}>
                Units
              </th>
              <th scope="col" className={styles.number}>
                Goods sold
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.productId}>
                <th scope="row">
                  <Link href={adminProductPath(product.productId)}>{product.name}</Link>
                </th>
                <td className={styles.number}>{COUNT.format(product.units)}</td>
                <td className={styles.number}>
                  <Price cents={product.goodsCents} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {products.length === 0 ? null : (
        <p className={styles.hint}>
          At each line&apos;s price before discounts, from paid orders not wholly refunded, over the UTC days whose middle falls in these 30
          days.
        </p>
      )}
    </section>
  );
}
