import { SiteImage } from "@/components/media/site-image";

interface ProductImageProps {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image renders at each viewport. */
  sizes: string;
  priority?: boolean;
  className?: string;
}

/** A product's picture: square, 800 px at most (see SiteImage for where it comes from). */
export function ProductImage({ src, alt, sizes, priority = false, className }: ProductImageProps) {
  return <SiteImage src={src} alt={alt} width={800} height={800} sizes={sizes} priority={priority} className={className} />;
}
