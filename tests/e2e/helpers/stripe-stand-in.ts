import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The suite's Stripe stand-in (scripts/stripe-stand-in.mjs), which the
 * suite's shop runs (scripts/local.mjs) and names, with this run's test key,
 * in <E2E_DATA_DIR>/stripe/stand-in.json.
 */
export function suiteStandIn(): { url: string; secretKey: string } {
  const file = join(process.env.E2E_DATA_DIR ?? ".data-e2e", "stripe", "stand-in.json");
  if (!existsSync(file)) throw new Error(`The suite's shop named no Stripe stand-in (${file})`);
  return JSON.parse(readFileSync(file, "utf8")) as { url: string; secretKey: string };
}

/** A form-encoded POST to the stand-in (Stripe's API or its /_stand-in controls) with this run's key; the answer's JSON. */
export async function standInPost(path: string, fields: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const { url, secretKey } = suiteStandIn();
  const response = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`The stand-in answered ${response.status} to ${path}: ${JSON.stringify(body)}`);
  return body;
}
