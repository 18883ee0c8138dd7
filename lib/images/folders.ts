/**
 * The folders under public/ that hold the shop's own images: the sources
 * whose variants the build makes (variants.json: products, hero, categories)
 * and the variants' own folder (v/). next/image's optimizer takes local
 * images from these folders only (next.config.ts images.localPatterns): any
 * other url it would fetch from the shop itself, such as /api/events, a
 * stream that never ends. Safe on the client and the server: no Node APIs.
 */
import config from "./variants.json";

export const IMAGE_FOLDERS: readonly string[] = [...Object.keys(config.sources), config.folder];

/** The optimizer's local patterns: a file anywhere under one of the folders, with no query string. */
export const OPTIMIZER_LOCAL_PATTERNS = IMAGE_FOLDERS.map((folder) => ({ pathname: `/${folder}/**`, search: "" }));

/** Whether the optimizer takes this src (a path under one of the folders, as the patterns say). */
export function optimizable(src: string): boolean {
  return IMAGE_FOLDERS.some((folder) => src.startsWith(`/${folder}/`)) && !src.includes("?");
}
