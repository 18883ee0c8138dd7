import { Suspense } from "react";
import categoryCards from "@/data/category-cards.json";
import { CategoryCard } from "@/components/home/category-card";
import { CatalogVersionMark } from "@/components/live/catalog-version-mark";
import { HeroCarousel } from "@/components/home/hero-carousel";
import { toCardProduct } from "@/components/product/card-product";
import { ProductCard } from "@/components/product/product-card";
import { ProductCarousel } from "@/components/product/product-carousel";
import { HOME_LAST_POSITION, homeSections } from "@/lib/catalog/home-sections";
import { getNewestShown } from "@/lib/catalog/read";
import { LISTING_TAG, listingTags } from "@/lib/catalog/tags";
import { SITE_DESCRIPTION, SITE_TITLE, pageMetadata } from "@/lib/seo";
import styles from "./page.module.css";

export const metadata = {
  ...pageMetadata({ title: SITE_TITLE, description: SITE_DESCRIPTION, path: "/" }),
  // The home page's title stands alone, without the " | Storefront" suffix.
  title: { absolute: SITE_TITLE },
};

/**
 * "no posts" when the catalogue is empty. Its boundary's fallback is the spec's
 * streaming text; the boundary holds at most this one line (under React's
 * 500-byte outlining threshold), so it never pushes products out of the HTML.
 */
async function CatalogStatus() {
  const { products } = await getNewestShown(HOME_LAST_POSITION);
  return products.length === 0 ? <p className="status-text">no posts</p> : null;
}

export default async function HomePage() {
  // The product sections are part of the page's shell on purpose (no Suspense
  // around them): a completed boundary bigger than ~12 KB is sent as a hidden
  // block revealed by script, which crawlers and no-JS visitors never see.
  // The newest 40 are all home shows: its own small cache entry, not the catalogue.
  const { products: newest, stock } = await getNewestShown(HOME_LAST_POSITION);
  const sections = homeSections(newest);

  return (
    <div className={`page ${styles.home}`}>
      <h1 className="visually-hidden">Storefront: electronics, accessories, books and sport</h1>
      <CatalogVersionMark
        tags={listingTags(
          LISTING_TAG.newest,
          newest.map((product) => product.id),
        )}
      />
      <HeroCarousel />

      <div className={styles.categories}>
        <CategoryCard title="Just Electronics" href="/electronics" cta="See all electronics" items={categoryCards.electronics} />
        <CategoryCard title="Shop for Accessories" href="/accessories" cta="See all accessories" items={categoryCards.accessories} />
      </div>

      <Suspense fallback={<p className="status-text">loading firebase data...</p>}>
        <CatalogStatus />
      </Suspense>

      {sections.priceCards.length > 0 ? (
        <section aria-labelledby="top-picks" className={styles.section}>
          <h2 id="top-picks" className={styles.sectionTitle}>
            Top picks for you
          </h2>
          <ul className={styles.priceGrid}>
            {sections.priceCards.map((product) => (
              <li key={product.id}>
                <ProductCard product={toCardProduct(product)} layout="picks" stock={stock[product.id]} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {sections.carousels.map((carousel) => (
        <div key={carousel.title} className={styles.section}>
          <ProductCarousel title={carousel.title}>
            {carousel.products.map((product) => (
              <ProductCard key={product.id} product={toCardProduct(product)} layout="carousel" rowOnPhone stock={stock[product.id]} />
            ))}
          </ProductCarousel>
        </div>
      ))}

      {sections.singles.length > 0 ? (
        <section aria-labelledby="more-to-explore" className={styles.section}>
          <h2 id="more-to-explore" className={styles.sectionTitle}>
            More to explore
          </h2>
          <ul className={styles.singles}>
            {sections.singles.map((products, index) => (
              <li key={products[0].id}>
                <ProductCarousel title={`More to explore, set ${index + 1}`} showTitle={false} variant="single">
                  {products.map((product) => (
                    <ProductCard key={product.id} product={toCardProduct(product)} layout="single" rowOnPhone stock={stock[product.id]} />
                  ))}
                </ProductCarousel>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
