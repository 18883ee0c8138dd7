/**
 * The shop's one Stripe client (the official SDK), or null when the shop has
 * no Stripe keys: then it takes no cards, and says so (DECISIONS "Money"). STRIPE_API_URL points the SDK at the project's
 * Stripe stand-in (scripts/stripe-stand-in.mjs) for the tests and
 * start:local; production refuses it (lib/env-production.ts).
 */
import "server-only";
import Stripe from "stripe";
import { serverEnv, type ServerEnv } from "@/lib/env";
import { tracedHttpClient } from "./traced-http-client";

/** How long one Stripe call may take before the shopper is told to try again (the SDK retries once within it). */
const STRIPE_TIMEOUT_MS = 10_000;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The stand-in's origin, or null for Stripe itself. */
  apiUrl: string | null;
}

/** The keys, when both are set (lib/env.ts refuses one without the other). */
export function stripeSettings(env: ServerEnv = serverEnv()): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL ?? null };
}

/** Whether a secret key moves real money: a live secret key or a live restricted key. */
export const isLiveStripeKey = (key: string): boolean => /^(sk|rk)_live_/.test(key);

/** Whether the shop takes cards: it has Stripe keys. */
export const takesCards = (): boolean => stripeSettings() !== null;

let client: { key: string; stripe: Stripe } | undefined;

/** The client for the configured keys; null without them. */
export function stripeClient(settings: StripeSettings | null = stripeSettings()): Stripe | null {
  if (!settings) return null;
  const key = `${settings.secretKey}|${settings.apiUrl ?? ""}`;
  if (client?.key !== key) client = { key, stripe: new Stripe(settings.secretKey, clientOptions(settings.apiUrl)) };
  return client.stripe;
}

function clientOptions(apiUrl: string | null): Stripe.StripeConfig {
  const base: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: STRIPE_TIMEOUT_MS, telemetry: false, httpClient: tracedHttpClient() };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "https:" ? "https" : "http";
  return { ...base, host: url.hostname, port: Number(url.port || (protocol === "https" ? 443 : 80)), protocol };
}
