/** `text` as a regular expression that matches it literally (a product's name in a pattern). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
