import Link from "next/link";
import { ArrowIcon } from "@/components/media/arrow-icon";
import { SiteImage } from "@/components/media/site-image";
import styles from "./category-card.module.css";

interface CategoryCardItem {
  label: string;
  image: string;
}

interface CategoryCardProps {
  title: string;
  href: string;
  /** The link under the grid, e.g. "See all electronics". */
  cta: string;
  items: readonly CategoryCardItem[];
}

/** A fixed home card: a title and four pictured items, all linking to one category page. */
export function CategoryCard({ title, href, cta, items }: CategoryCardProps) {
  return (
    <Link href={href} className={styles.card}>
      <h2 className={styles.title}>{title}</h2>
      <ul className={styles.grid}>
        {items.map((item) => (
          <li key={item.label} className={styles.item}>
            <SiteImage
              src={item.image}
              alt=""
              width={400}
              height={400}
              sizes="(max-width: 600px) 45vw, (max-width: 1024px) 23vw, 140px"
              className={styles.image}
            />
            <span className={styles.label}>{item.label}</span>
          </li>
        ))}
      </ul>
      <span className={styles.cta}>
        {cta} <ArrowIcon className={styles.arrow} />
      </span>
    </Link>
  );
}
