import Link from "next/link";
import { Price } from "@/components/product/price";
import { ProductImage } from "@/components/product/product-image";
import type { StockCount } from "@/lib/data/contract/order-store";
import { cardImageOf } from "@/lib/catalog/card-image";
import type { Product } from "@/lib/data/contract/catalog";
import { adminProductPath } from "@/lib/site-links";
import styles from "./admin-products.module.css";

const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** A product's stock in the list: the count, or a dash with words for screen readers when not tracked. */
function stockCell(stock: StockCount) {
  if (stock !== null) return stock.toLocaleString("en-US");
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">Not tracked</span>
    </>
  );
}

/** The admin's list's products (admin-product-list.tsx): picture, name (a link to its page), type, price, stock and when added. */
export function AdminProductTable({ products, stock }: { products: Product[]; stock: Record<string, StockCount> }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.hideNarrow}>
            <span className="visually-hidden">Image</span>
          </th>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col" className={styles.number}>
            Price
          </th>
          <th scope="col" className={styles.number}>
            Stock
          </th>
          <th scope="col" className={styles.hideNarrow}>
            Added
          </th>
        </tr>
      </thead>
      <tbody>
        {products.map((product) => (
          <tr key={product.id} data-testid="admin-product-row">
            <td className={styles.hideNarrow}>
              <ProductImage src={cardImageOf(product)} alt="" name={product.name} sizes="48px" className={styles.thumb} />
            </td>
            <td>
              <Link href={adminProductPath(product.id)}>{product.name}</Link>
            </td>
            <td>{product.type}</td>
            <td className={styles.number}>
              <Price cents={product.priceCents} />
            </td>
            <td className={styles.number} data-testid="admin-product-stock">
              {stockCell(stock[product.id] ?? null)}
            </td>
            <td className={styles.hideNarrow}>{date.format(product.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
