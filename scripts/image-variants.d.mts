/** Makes the missing or outdated image variants of lib/images/variants.json into public/v (scripts/image-variants.mjs). */
export function makeImageVariants(options?: { log?: (line: string) => void }): Promise<void>;
