import type { ProductImage as ProductImageShape } from "@/lib/data/contract/catalog";
import { ProductImage } from "./product-image";
import styles from "./product-gallery.module.css";

const LARGE_SIZES = "(max-width: 768px) 100vw, 560px";

/** The id of a gallery slide, which its thumbnail links to. */
const slideId = (index: number) => `product-image-${index + 1}`;

/**
 * A product's images on its page: each large, side by side in a strip that
 * snaps to one at a time (a swipe, or the arrow keys once the strip has
 * focus, moves to the next), and under it a thumbnail for each that links to
 * its image. No script: a thumbnail is a link to its image's id, so every
 * image is reachable without JavaScript and by keyboard. The first image, the
 * card image, loads first; the others as they are scrolled to.
 */
export function ProductGallery({ images }: { images: readonly ProductImageShape[] }) {
  if (images.length === 1) {
    return <ProductImage src={images[0].src} alt={images[0].alt} sizes={LARGE_SIZES} priority className={styles.image} />;
  }
  return (
    <div className={styles.gallery}>
      <ul className={styles.strip} tabIndex={0} aria-label={`Images, ${images.length}: scroll or use the arrow keys`}>
        {images.map((image, index) => (
          <li key={image.src} id={slideId(index)} className={styles.slide} aria-label={`Image ${index + 1} of ${images.length}`}>
            <ProductImage src={image.src} alt={image.alt} sizes={LARGE_SIZES} priority={index === 0} className={styles.image} />
          </li>
        ))}
      </ul>
      <nav aria-label="Choose an image">
        <ol className={styles.thumbs}>
          {images.map((image, index) => (
            <li key={image.src}>
              <a href={`#${slideId(index)}`} className={styles.thumb} aria-label={`Image ${index + 1}: ${image.alt}`}>
                <ProductImage src={image.src} alt="" name={image.alt} sizes="64px" className={styles.thumbImage} />
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </div>
  );
}
