/**
 * The cart for a browser that runs no JavaScript (a slow phone before its
 * scripts arrive, scripts turned off): Add to Cart and the cart's controls
 * are also HTML forms that post here, and this address answers with the cart
 * as a page of its own (app/cart-page/without-javascript/route.ts). With
 * JavaScript the forms' submits are handled in the page instead. Pure
 * constants, so client components may import them.
 */
export const CART_WITHOUT_JAVASCRIPT_PATH = "/cart-page/without-javascript";

/** What a posted form asks for: its `intent` field. */
export const CART_FORM_INTENTS = ["add", "set", "remove"] as const;
export type CartFormIntent = (typeof CART_FORM_INTENTS)[number];
