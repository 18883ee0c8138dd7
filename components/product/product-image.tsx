"use client";

import { useCallback, useState } from "react";
import { SiteImage } from "@/components/media/site-image";
import styles from "./product-image.module.css";

interface ProductImageProps {
  src: string;
  /** The alternative text: the product's name, or "" where the name is already next to the picture. */
  alt: string;
  /** The name the placeholder shows when it differs from `alt` (where `alt` is ""). */
  name?: string;
  /** The `sizes` attribute: how wide the image renders at each viewport. */
  sizes: string;
  priority?: boolean;
  /** Sizes the picture; the placeholder takes the same class, so it fills the same box. */
  className?: string;
}

/**
 * A product's picture: square, 800 px at most (see SiteImage for where it
 * comes from). A picture that does not load (an operator's URL that does not
 * resolve, a host that fails) gives way to a placeholder of the same box with
 * the product's name, never the browser's broken-image icon. A picture that
 * failed before hydration fired its error event before React listened: it is
 * found on mount, complete with no pixels.
 */
export function ProductImage({ src, alt, name = alt, sizes, priority = false, className }: ProductImageProps) {
  // The address that failed: a new address (an edited product) is tried afresh.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fail = useCallback(() => setFailedSrc(src), [src]);
  const failedBeforeHydration = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && img.complete && img.naturalWidth === 0) fail();
    },
    [fail],
  );

  if (failedSrc === src) {
    const box = className ? `${styles.placeholder} ${className}` : styles.placeholder;
    // One accessible name, the alternative text's; none where the picture was decorative.
    const a11y = alt ? { role: "img", "aria-label": alt } : { "aria-hidden": true };
    return (
      <span className={box} data-testid="image-placeholder" {...a11y}>
        <span className={styles.name} aria-hidden="true">
          {name}
        </span>
      </span>
    );
  }
  return (
    <SiteImage
      ref={failedBeforeHydration}
      onError={fail}
      src={src}
      alt={alt}
      width={800}
      height={800}
      sizes={sizes}
      priority={priority}
      className={className}
    />
  );
}
