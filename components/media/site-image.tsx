"use client";

import Image from "next/image";
import type { Ref } from "react";
import { preload } from "react-dom";
import { optimizable } from "@/lib/images/folders";
import { ownImage } from "@/lib/images/variants";

interface SiteImageProps {
  src: string;
  alt: string;
  /** The intrinsic size to reserve when the image is not one of the shop's own (whose size is known). */
  width: number;
  height: number;
  /** How wide the image renders at each viewport, for picking a width from the srcset. */
  sizes: string;
  /** Above the fold (LCP): fetched first and preloaded from the document head. */
  priority?: boolean;
  className?: string;
  /** The <img> element, for a caller that checks it once mounted. */
  ref?: Ref<HTMLImageElement>;
  /** Called when the picture fails to load (after hydration; a caller checks earlier failures through `ref`). */
  onError?: () => void;
}

/**
 * Any image the shop shows. Its own images (products, hero, category tiles)
 * are static files with a short srcset of variants made at build
 * (lib/images/variants.ts), and so are an operator's uploaded photos, whose
 * widths were made at upload (lib/images/photo-paths.ts). Any other image under the shop's image folders
 * goes through next/image's optimizer, which takes nothing else
 * (lib/images/folders.ts). Everything else is shown as it is: admin-entered
 * https URLs (letting the optimizer fetch any host would make it an open
 * proxy) and local files elsewhere. Used from server and client components
 * alike, but always a client component itself: a `priority` image's
 * preload() then goes into the page's HTML only. Called while a server
 * component renders, preload() is a hint in that route's RSC payload, which
 * React applies on any page that prefetches the route: a home page linking
 * to a product would preload the product's picture without showing it, and
 * Chrome warns of an unused preload (tests/e2e/images.spec.ts).
 */
export function SiteImage({ src, alt, width, height, sizes, priority = false, className, ref, onError }: SiteImageProps) {
  const own = ownImage(src);
  if (own) {
    if (priority) preload(src, { as: "image", imageSrcSet: own.srcSet, imageSizes: own.srcSet ? sizes : undefined, fetchPriority: "high" });
    return (
      // eslint-disable-next-line @next/next/no-img-element -- static variants made at build; see lib/images/variants.ts
      <img
        src={src}
        srcSet={own.srcSet}
        sizes={own.srcSet ? sizes : undefined}
        width={own.width}
        height={own.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
        className={className}
        ref={ref}
        onError={onError}
      />
    );
  }
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      unoptimized={!optimizable(src)}
      className={className}
      ref={ref}
      onError={onError}
    />
  );
}
