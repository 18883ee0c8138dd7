/**
 * An admin-entered image address: what a shopper's browser is told to load
 * from elsewhere. It is kept in the URL parser's normal form (the form every
 * browser reads it as), so what is stored is what is shown and what was
 * checked: "https:alert(1)" is not an address the browser would read as
 * typed, and "HTTPS://Example.COM/a b.jpg" is stored as
 * "https://example.com/a%20b.jpg".
 *
 * The host is a public DNS name: letters, digits and hyphens in dot-separated
 * labels, at least two of them, the last with a letter. So no IP literal (an
 * address pasted into every shopper's browser could point at their own
 * network, a router or a printer, and an https certificate for a bare IP is
 * rare anyway; a real image host has a name) and no localhost (nor a
 * *.localhost name, which browsers also send to the shopper's own machine).
 */

type ImageUrlCheck = { ok: true; href: string } | { ok: false; message: string };

export const IMAGE_URL_MESSAGES = {
  notHttps: "Image must be an https URL",
  credentials: "Image URL must not contain a user name or password",
  host: "Image URL must name a public host (like images.example.com), not an IP address or localhost",
} as const;

// One DNS label: 1-63 letters, digits or hyphens, neither first nor last a hyphen.
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HOST_NAME_MAX = 253;

/** The address in its normal form, or why it is not an image address the shop takes. */
export function checkImageUrl(value: string): ImageUrlCheck {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: IMAGE_URL_MESSAGES.notHttps };
  }
  if (url.protocol !== "https:") return { ok: false, message: IMAGE_URL_MESSAGES.notHttps };
  if (url.username || url.password) return { ok: false, message: IMAGE_URL_MESSAGES.credentials };
  if (!isPublicHostName(url.hostname)) return { ok: false, message: IMAGE_URL_MESSAGES.host };
  return { ok: true, href: url.href };
}

/** A parsed (so lower-case) host that is a DNS name outside the shopper's own machine. */
function isPublicHostName(host: string): boolean {
  if (host.length > HOST_NAME_MAX) return false;
  const labels = host.split(".");
  const last = labels[labels.length - 1];
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /[a-z]/.test(last) && last !== "localhost";
}
