/**
 * The shop's one logger: every server log line is one JSON object on one
 * line (pino), with
 *   level  "info" | "warn" | "error"
 *   time   ISO 8601, UTC
 *   pid    the process
 *   reqId, route   the request it was logged in (request-context.ts), when there is one
 *   kind   a stable event name, `area.event` ("cart.store_unavailable")
 *   msg    a short constant sentence
 *   err    { name, code, message, cause, stack } for a line about an error
 * and the caller's flat fields (fields.ts refuses keys naming personal data).
 *
 * The levels say what the shop knew:
 *   info   something worth knowing, nothing wrong;
 *   warn   a problem the shop expects and handles (a refused token, a store
 *          that did not answer, a fallback taken): never a stack;
 *   error  something the shop did not expect: the error with its stack, at
 *          most one stack per kind a minute (stack-throttle.ts).
 */
import "server-only";
import pino from "pino";
import { errorFields } from "./error-fields";
import { safeFields, type LogFields } from "./fields";
import type { RequestContext } from "./request-context";
import { scrubText } from "./scrub";
import { createStackThrottle, STACK_INTERVAL_MS } from "./stack-throttle";

/** An event's stable name: an area and an event, lower case ("auth.id_token_rejected"). */
type LogKind = `${string}.${string}`;

const KIND = /^[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+$/;

export interface Log {
  info(kind: LogKind, msg: string, fields?: LogFields): void;
  /** An expected, handled problem; `err` adds its name, code and message, never its stack. */
  warn(kind: LogKind, msg: string, fields?: LogFields, err?: unknown): void;
  /** Something the shop did not expect: `err` with its stack, at most once a minute per kind. */
  error(kind: LogKind, msg: string, err?: unknown, fields?: LogFields): void;
}

export interface LoggerOptions {
  /** Receives each finished line, newline included. */
  write(line: string): void;
  now(): number;
  /** The request the caller runs in. */
  context(): RequestContext | undefined;
  stackIntervalMs?: number;
}

export function createLogger({ write, now, context, stackIntervalMs = STACK_INTERVAL_MS }: LoggerOptions): Log {
  const throttle = createStackThrottle(stackIntervalMs);
  const out = pino(
    {
      level: "info",
      base: { pid: process.pid },
      messageKey: "msg",
      timestamp: () => `,"time":"${new Date(now()).toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      // The fields are made here (error-fields.ts); pino's own error serializer would add the stack back.
      serializers: { err: (value: unknown) => value },
      mixin: () => {
        const request = context();
        return request ? { reqId: request.reqId, route: scrubText(request.route) } : {};
      },
    },
    { write },
  );

  function line(level: "info" | "warn" | "error", kind: LogKind, msg: string, fields: LogFields | undefined, err: unknown, stack: boolean) {
    const safeKind = KIND.test(kind) ? kind : "log.bad_kind";
    const record: Record<string, unknown> = { kind: safeKind, ...safeFields(fields) };
    if (err !== undefined) {
      const withStack = stack && err instanceof Error && throttle.allow(safeKind, now());
      record.err = errorFields(err, withStack);
      if (stack && !withStack && err instanceof Error) record.stackOmitted = true;
    }
    out[level](record, scrubText(msg));
  }

  return {
    info: (kind, msg, fields) => line("info", kind, msg, fields, undefined, false),
    warn: (kind, msg, fields, err) => line("warn", kind, msg, fields, err, false),
    error: (kind, msg, err, fields) => line("error", kind, msg, fields, err, true),
  };
}
