/**
 * What a shopper is told, once, when a cart merge had no room for some of
 * their guest lines (a cart holds at most LIMITS.cartLinesMax lines): at
 * sign-in (lib/auth/on-signed-in.ts) or later, when a guest line that landed
 * after it is merged (lib/cart/owner.ts settleGuestCart). Whichever request
 * merged sets the sentence in a cookie of its own (lib/cookies.ts,
 * leftOutNoticeCookie), since that request may be a sign-in, a cart action,
 * the live stream's opening or a form without JavaScript; the browser shows
 * it as a toast and deletes it (lib/cart/browser/left-out.ts), the cart page
 * without JavaScript shows it and deletes it. Pure and shared: it imports
 * nothing.
 */

/** The notice's cookie: not httpOnly (page scripts read and delete it); "__Host-" and Secure on https. */
export function leftOutCookieName(secure: boolean): string {
  return secure ? "__Host-sf_cart_left_out" : "sf_cart_left_out";
}

/** How many products the sentence names; the rest are counted. */
const NAMED = 3;
/** A name longer than this is cut (the cookie stays small). */
const NAME_MAX = 60;

const quoted = (name: string) => `“${name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name}”`;

/** "“A”", "“A” and “B”", "“A”, “B” and “C”", "“A”, “B”, “C” and 2 more". */
function listOf(names: readonly string[]): string {
  const shown = names.slice(0, NAMED).map(quoted);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  return shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

const PREFIX = "Your cart holds at most ";

/** Whether `text` (a cookie's value, which any script of the site could have written) is a notice, fit to show as it is. */
export function isLeftOutMessage(text: string): boolean {
  return text.startsWith(PREFIX) && text.length <= 1000;
}

/** The sentence for the guest lines a merge left out (at least one). */
export function leftOutMessage(lines: ReadonlyArray<{ name: string }>, cartLinesMax: number): string {
  const count = lines.length === 1 ? "1 product" : `${lines.length} products`;
  return (
    `${PREFIX}${cartLinesMax} different products: ${count} from before you signed in could not be added ` +
    `(${listOf(lines.map((line) => line.name))}). Your account's cart and your newest picks were kept.`
  );
}
