import type Stripe from "stripe";

/** One attempt to deliver an event to the webhook URL (scripts/stripe-stand-in.mjs). */
export interface StandInDeliveryAttempt {
  /** When it was made, ISO 8601. */
  at: string;
  /** The receiver's HTTP status; null when there was no answer. */
  status: number | null;
  /** Why there was no answer (a connection error's code, say). */
  error?: string;
}

/** An event the stand-in made, as Stripe has it, plus its delivery attempts (not a Stripe field). */
export type StandInEvent = Stripe.Event & { attempts: StandInDeliveryAttempt[] };

/** The stand-in's fault setting: down, every /v1 request is 503 api_error; slow, every /v1 request waits `ms` first. */
export interface StandInFault {
  mode: "none" | "down" | "slow";
  /** For slow: the wait, in milliseconds (default 1000). */
  ms?: number;
}

export interface StripeStandInOptions {
  /** Default 12111; 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where events are POSTed; without it they are kept (GET /v1/events, events()) but not delivered. */
  webhookUrl?: string;
  /** whsec_…: signs the deliveries; required with webhookUrl. */
  webhookSecret?: string;
  /** The base of the hosted pages' URLs handed to the shop (default: the stand-in's url). */
  publicUrl?: string;
  /** Test hook: the stand-in's clock, ms since the epoch (default Date.now): created, expires_at, expiry, idempotency keys' age. */
  now?: () => number;
  /** Test hook: the waits between delivery attempts (default 500, 1000, 2000, 4000, 8000 ms). */
  retryDelaysMs?: number[];
  /** Test hook: where log lines go, each starting "[stripe stand-in]" (default: stderr). */
  log?: (line: string) => void;
}

export interface StripeStandIn {
  port: number;
  /** http://127.0.0.1:<port>: the SDK's host and port, the API's base. */
  url: string;
  /** Stops listening, delivering and expiring. */
  close(): Promise<void>;
  /** Every event made, oldest first, with its delivery attempts so far. */
  events(): StandInEvent[];
  /** The id of every Checkout Session made, oldest first. */
  sessionIds(): string[];
  /** What POST /_stand-in/fault sets, in-process. */
  setFault(fault: StandInFault): void;
}

/** Starts the Stripe stand-in; resolves once it listens. */
export function startStripeStandIn(options?: StripeStandInOptions): Promise<StripeStandIn>;
