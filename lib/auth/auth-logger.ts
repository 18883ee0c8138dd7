/**
 * next-auth's logger (NextAuthOptions.logger), over the shop's (lib/log).
 * next-auth reports every session cookie it refuses as an error with its
 * whole stack; anyone can send a forged or expired cookie, so that would be
 * some 25 log lines per request, at the sender's will. Here:
 * - an expected refusal (the cookie does not decode: SessionCookieUnreadable;
 *   its session was signed out or is past its absolute lifetime:
 *   SessionSignedOutError) is one warning line (`auth.session_cookie_refused`,
 *   next-auth's code and the reason, no stack), at most one per
 *   REFUSAL_LINE_INTERVAL_MS per process; the next line says how many were
 *   left out in between (`leftOut`);
 * - every other error is an error line (`auth.next_auth_error`): next-auth's
 *   code and the error, whose stack lib/log adds at most once a minute.
 * next-auth's warnings keep its own logger; debug lines stay off.
 */
import "server-only";
import type { LoggerInstance } from "next-auth";
import { log } from "@/lib/log";

export const REFUSAL_LINE_INTERVAL_MS = 60_000;

/** The errors lib/auth throws to refuse a presented session (session-token.ts, session-check.ts), by name. */
const EXPECTED_REFUSALS = new Set(["SessionCookieUnreadable", "SessionSignedOutError"]);

/** The longest piece of an error's text a refusal line repeats. */
const MAX_DETAIL_CHARS = 200;

export interface AuthLogSinks {
  /** Writes one refusal: next-auth's code, the reason, how many refusals were left out since the previous such line. */
  refused(code: string, reason: string, leftOut: number): void;
  /** Writes a real error: next-auth's code, then what it reported. */
  error(code: string, metadata: unknown): void;
  now(): number;
}

/** next-auth reports some errors as `{ error, ...details }`: the error itself is what the line describes. */
function errorIn(metadata: unknown): unknown {
  const inner = (metadata as { error?: unknown } | null)?.error;
  return !(metadata instanceof Error) && inner instanceof Error ? inner : metadata;
}

const LOG_SINKS: AuthLogSinks = {
  refused: (code, reason, leftOut) => log.warn("auth.session_cookie_refused", "Session cookie refused", { code, reason, leftOut }),
  error: (code, metadata) => log.error("auth.next_auth_error", "next-auth reported an error", errorIn(metadata), { code }),
  now: () => Date.now(),
};

/** What next-auth takes as NextAuthOptions.logger, with the one level set here. */
export type AuthLogger = Partial<LoggerInstance> & Pick<LoggerInstance, "error">;

export function createAuthLogger(sinks: AuthLogSinks = LOG_SINKS, intervalMs = REFUSAL_LINE_INTERVAL_MS): AuthLogger {
  let lastLineAt = Number.NEGATIVE_INFINITY;
  let leftOut = 0;
  return {
    error(code: string, metadata: unknown) {
      if (!isExpectedRefusal(metadata)) {
        sinks.error(oneLine(code), metadata);
        return;
      }
      const now = sinks.now();
      if (now - lastLineAt < intervalMs) {
        leftOut += 1;
        return;
      }
      sinks.refused(oneLine(code), oneLine(metadata.message), leftOut);
      lastLineAt = now;
      leftOut = 0;
    },
  };
}

function isExpectedRefusal(metadata: unknown): metadata is Error {
  return metadata instanceof Error && EXPECTED_REFUSALS.has(metadata.name);
}

/** Text a cookie's sender may have chosen (a JOSE header's values), kept to one short line. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").slice(0, MAX_DETAIL_CHARS);
}

// One per process, on globalThis: Next bundles routes separately, and the
// limit is the process's, whichever route refused the cookie.
const GLOBAL_KEY = Symbol.for("storefront.authLogger");
type GlobalWithLogger = typeof globalThis & { [GLOBAL_KEY]?: AuthLogger };

/** The process's logger, for lib/auth/options.ts. */
export function authLogger(): AuthLogger {
  const g = globalThis as GlobalWithLogger;
  g[GLOBAL_KEY] ??= createAuthLogger();
  return g[GLOBAL_KEY];
}
