import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The demo catalogue as shipped, in home-page order. */
export const demoProducts: Array<{ id: string; name: string; price: number; type: string; image: string }> = JSON.parse(
  readFileSync(join(process.cwd(), "data", "demo-products.json"), "utf8"),
);

/** The store this pass runs on (scripts/e2e.mjs runs one pass per backend). */
export const e2eBackend: "sqlite" | "firestore" = process.env.E2E_BACKEND === "firestore" ? "firestore" : "sqlite";

/** The empty pass: Firestore, never seeded (scripts/e2e.mjs sets E2E_PASS). */
const emptyPass = process.env.E2E_PASS === "empty";

/** The Auth emulator's port for this pass (playwright.config.ts has the same defaults). */
export const authEmulatorPort = process.env.E2E_AUTH_EMULATOR_PORT ?? (emptyPass ? "9399" : e2eBackend === "firestore" ? "9299" : "9199");

/** The build this pass serves (playwright.config.ts has the same defaults). */
export const distDir =
  process.env.E2E_DIST_DIR ?? (emptyPass ? ".next-e2e-empty" : e2eBackend === "firestore" ? ".next-e2e-firestore" : ".next-e2e");

/** The Auth emulator the suite's server runs against (see playwright.config.ts). */
export const authEmulatorHost = `127.0.0.1:${authEmulatorPort}`;
