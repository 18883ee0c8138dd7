/**
 * What a limited client is told, in words: the body of every 429 (plain
 * text), which the browser shows as it is (a server action's refusal reaches
 * the page as an Error carrying this text). Pure: shared by server and browser.
 */

const RATE_LIMITED_PREFIX = "Too many ";

/** `from`: "network" for a limit per client address; "anywhere" for one per recipient, counted whoever sends. */
export function rateLimitedMessage(what: string, retryAfterSeconds: number, from: "network" | "anywhere" = "network"): string {
  const source = from === "network" ? " from your network" : "";
  return `${RATE_LIMITED_PREFIX}${what}${source} in a short time. Please try again in ${waitOf(retryAfterSeconds)}.`;
}

/** A wait in words: seconds up to two minutes, whole minutes (rounded up) beyond. */
function waitOf(seconds: number): string {
  if (seconds <= 1) return "a second";
  if (seconds <= 120) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** Whether `text` is a rate limit's refusal (and so fit to show as it is). */
export function isRateLimitedMessage(text: string | undefined): text is string {
  return typeof text === "string" && text.startsWith(RATE_LIMITED_PREFIX) && text.length < 200;
}
