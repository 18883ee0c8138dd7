import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The demo catalogue as shipped, in home-page order. */
export const demoProducts: Array<{ id: string; name: string; price: number; type: string; image: string }> = JSON.parse(
  readFileSync(join(process.cwd(), "data", "demo-products.json"), "utf8"),
);

/** The Auth emulator the suite's server runs against (see playwright.config.ts). */
export const authEmulatorHost = `127.0.0.1:${process.env.E2E_AUTH_EMULATOR_PORT ?? "9199"}`;
