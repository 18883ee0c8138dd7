import Image from "next/image";

interface ProductImageProps {
  src: string;
  alt: string;
  /** The `sizes` attribute: how wide the image renders at each viewport. */
  sizes: string;
  priority?: boolean;
  className?: string;
}

/**
 * Local catalogue images go through the image optimizer. Admin-entered https
 * URLs are shown as they are: letting the optimizer fetch any host would turn
 * it into an open proxy.
 */
export function ProductImage({ src, alt, sizes, priority = false, className }: ProductImageProps) {
  return (
    <Image
      src={src}
      alt={alt}
      width={800}
      height={800}
      sizes={sizes}
      priority={priority}
      unoptimized={src.startsWith("https://")}
      className={className}
    />
  );
}
