/**
 * Smaller copies of the shop's own images, made once per build by
 * scripts/image-variants.mjs into public/v/<width>/<folder>/<name> (not in
 * git). Pages point at them with a short srcset of static files instead of
 * next/image's optimizer URLs: 50 optimizer srcsets would be 22 kB of home's
 * HTML, and a first visit would wait seconds while the optimizer encodes
 * each variant on demand. An uploaded photo's widths are made once at upload
 * instead (photo-paths.ts) and offered the same way. Safe on the client and
 * the server: no Node APIs.
 */
import { photoPath, uploadedPhoto } from "./photo-paths";
import config from "./variants.json";

type Folder = keyof typeof config.sources;

/** A local image this build made variants of: /products/x.webp, /hero/x.webp, /categories/x.webp. */
const OWN_IMAGE = /^\/(products|hero|categories)\/[A-Za-z0-9_-][A-Za-z0-9_.-]*\.webp$/;

interface OwnImage {
  /** The source's intrinsic size (every source of a folder has the same). */
  width: number;
  height: number;
  /** Every width on offer, smallest first, the source itself last; undefined when there is only the source. */
  srcSet?: string;
}

/** The widths of one of the shop's own images, made at build or at upload (photo-paths.ts), or null for any other image. */
export function ownImage(src: string): OwnImage | null {
  const photo = uploadedPhoto(src);
  if (photo) {
    const candidates = photo.widths.map((width) => `${photoPath(photo.id, width)} ${width}w`);
    return { width: photo.largest, height: photo.largest, srcSet: candidates.length > 1 ? candidates.join(", ") : undefined };
  }
  const match = OWN_IMAGE.exec(src);
  if (!match) return null;
  const source = config.sources[match[1] as Folder];
  const candidates = source.variantWidths.map((width) => `/${config.folder}/${width}${src} ${width}w`);
  return {
    width: source.width,
    height: source.height,
    srcSet: candidates.length > 0 ? [...candidates, `${src} ${source.width}w`].join(", ") : undefined,
  };
}
