/**
 * Shows the notice of guest lines a cart merge left out
 * (lib/cart/left-out-notice.ts), once: whichever answer brought its cookie
 * (a sign-in, a cart action, the cart's snapshot, the live stream), the next
 * look finds it, deletes it and shows it in a toast. Called after each of
 * those answers; a look that finds nothing does nothing. On https only the
 * __Host- cookie is read: no other host can have set it.
 */
import "client-only";
import { isLeftOutMessage, leftOutCookieName } from "@/lib/cart/left-out-notice";
import { cartToast } from "./toasts";

function cookieValue(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export function sayCartLinesLeftOut(): void {
  if (typeof document === "undefined") return;
  const secure = location.protocol === "https:";
  const name = leftOutCookieName(secure);
  const message = cookieValue(name);
  if (message === null) return;
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  if (isLeftOutMessage(message)) cartToast.linesLeftOut(message);
}
