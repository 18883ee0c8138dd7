/**
 * What a limited client is told, in words: the body of every 429 (plain
 * text), which the browser shows as it is (a server action's refusal reaches
 * the page as an Error carrying this text). Pure: shared by server and browser.
 */

const RATE_LIMITED_PREFIX = "Too many ";

export function rateLimitedMessage(what: string, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds <= 1 ? "a second" : `${retryAfterSeconds} seconds`;
  return `${RATE_LIMITED_PREFIX}${what} from your network in a short time. Please try again in ${wait}.`;
}

/** Whether `text` is a rate limit's refusal (and so fit to show as it is). */
export function isRateLimitedMessage(text: string | undefined): text is string {
  return typeof text === "string" && text.startsWith(RATE_LIMITED_PREFIX) && text.length < 200;
}
