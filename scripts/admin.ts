/**
 * npm run admin -- grant EMAIL    give an account admin rights (the `admin` custom claim)
 * npm run admin -- revoke EMAIL   take them back, and revoke its refresh tokens
 * npm run admin -- list           every admin, and why each one is
 * npm run admin -- backfill       give every product without them its sort keys, and
 *                                 count every order from before the dashboard in its
 *                                 sales figures (the store the environment configures;
 *                                 safe to run again, beside a live shop)
 * npm run admin -- catalog-changed after an edit made outside the shop (the Firebase
 *                                 console, another tool): record that the catalogue
 *                                 changed, so every instance expires its cached pages,
 *                                 and, with REVALIDATE_SECRET, ask the shop at SITE_URL
 *                                 to expire its shared caches and CDN (docs/DEPLOY.md)
 * npm run admin -- erase-customer EMAIL
 *                                 erase a customer's personal data on request: every
 *                                 order placed with EMAIL loses its contact (name, email,
 *                                 phone) and shipping address; each keeps its reference,
 *                                 lines, totals, states and history (the figures the
 *                                 books need). The Firebase account, if any, is deleted
 *                                 apart (Firebase console); safe to run again
 *
 * Works on the Firebase project the environment configures (FIREBASE_PROJECT_ID
 * and its service account, from the shell or .env.local / .env.production.local),
 * or on the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set: the one
 * `npm run start:local` runs answers at 127.0.0.1:9099.
 * Exit code: 0 done, 1 it could not be done (no such account, Firebase
 * unreachable or refusing), 2 a bad command line or configuration.
 */
import { loadEnvConfig } from "@next/env";
import { getAuth } from "firebase-admin/auth";
import { grantAdmin, listAdmins, revokeAdmin, type AccountChange } from "@/lib/auth/admin-accounts";
import { requestRevalidation } from "@/lib/catalog/revalidate-request";
import { getStore } from "@/lib/data";
import { serverEnv, siteUrl, type ServerEnv } from "@/lib/env";
import { adminApp } from "@/lib/firebase/admin-app";

const USAGE = "usage: npm run admin -- grant EMAIL | revoke EMAIL | list | backfill | catalog-changed | erase-customer EMAIL";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function target(env: ServerEnv): string {
  if (env.FIREBASE_AUTH_EMULATOR_HOST)
    return `the Auth emulator at ${env.FIREBASE_AUTH_EMULATOR_HOST} (project ${env.FIREBASE_PROJECT_ID ?? "demo-storefront"})`;
  return `Firebase project ${env.FIREBASE_PROJECT_ID}`;
}

function describeChange(verb: "grant" | "revoke", change: AccountChange): string {
  if (!change.ok) return `No account with the email ${change.email}: the person signs up first (/sign-page), then run this again.`;
  if (verb === "grant") {
    return change.changed
      ? `${change.email} is now an admin. Their next sign-in carries the right.`
      : `${change.email} was already an admin (claim set); nothing changed.`;
  }
  const head = change.changed
    ? `${change.email} no longer has the admin claim; their refresh tokens are revoked.`
    : `${change.email} did not have the admin claim; nothing changed.`;
  return change.stillAdminVia
    ? `${head}\nBut the address is in ADMIN_EMAILS, so it is still an admin: remove it there and redeploy.`
    : head;
}

/**
 * Sets the sort keys (createdAt, the numeric price key, the name key) and the in-stock flag on every product
 * without them, scanning the products by id in pages (Store.backfillSortKeys):
 * an ordered listing leaves such a product out (docs/FIRESTORE.md). Says how
 * many lacked each before and after. Then counts each order the dashboard's
 * sales figures do not count yet (Store.countUncountedOrders).
 */
async function backfill(): Promise<number> {
  const store = await getStore();
  try {
    const missing = async () => [
      await store.countProductsWithoutCreatedAt(),
      await store.countProductsWithoutPriceKey(),
      await store.countProductsWithoutNameKey(),
      await store.countProductsWithoutStockFlag(),
    ];
    const [noTime, noPrice, noName, noFlag] = await missing();
    console.log(
      `Working on the ${store.kind} store: ${noTime} product(s) without a createdAt, ${noPrice} without a price key, ${noName} without a name key, ${noFlag} without an in-stock flag.`,
    );
    const { scanned, updated } = await store.backfillSortKeys();
    const [timeAfter, priceAfter, nameAfter, flagAfter] = await missing();
    console.log(
      `Scanned ${scanned} products by id; fixed ${updated}. Without a createdAt now: ${timeAfter}; without a price key: ${priceAfter}; without a name key: ${nameAfter}; without an in-stock flag: ${flagAfter}.`,
    );
    const orders = await store.countUncountedOrders();
    console.log(`Scanned ${orders.scanned} orders by id; counted ${orders.counted} in the dashboard's sales figures (each order once).`);
    return timeAfter === 0 && priceAfter === 0 && nameAfter === 0 && flagAfter === 0 ? 0 : 1;
  } catch (error) {
    console.error(`The store refused or could not be reached: ${(error as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

/**
 * Records one change of anything in the store (Store.markCatalogChanged):
 * every instance's catalogue listener expires its cached pages and tells its
 * open tabs. With REVALIDATE_SECRET, also asks the shop at SITE_URL to
 * expire its caches (on Vercel: the platform's shared caches and CDN).
 */
async function catalogChanged(env: ServerEnv): Promise<number> {
  const store = await getStore();
  try {
    const version = await store.markCatalogChanged();
    console.log(
      `Recorded a catalogue change in the ${store.kind} store (version ${version}): every running instance expires its cached pages.`,
    );
  } catch (error) {
    console.error(`The store refused or could not be reached: ${(error as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
  if (!env.REVALIDATE_SECRET) {
    console.log("REVALIDATE_SECRET is not set: the shop's revalidation route was not asked (on Vercel, set it and run this again).");
    return 0;
  }
  const site = siteUrl(env);
  const outcome = await requestRevalidation(site, env.REVALIDATE_SECRET);
  if (outcome.ok) {
    console.log(`The shop at ${site} expired its cached catalogue.`);
    return 0;
  }
  console.error(`The shop at ${site} could not be asked to expire its cached catalogue: ${outcome.reason}`);
  return 1;
}

/**
 * Erases a customer's personal data from their orders (Store.eraseCustomer):
 * contact and address blanked, the figures kept. Says how many orders.
 */
async function eraseCustomer(email: string): Promise<number> {
  const store = await getStore();
  try {
    const erased = await store.eraseCustomer(email);
    console.log(
      erased === 0
        ? `No order in the ${store.kind} store carries the email ${email} (already erased, or none placed); nothing changed.`
        : `Erased the contact and address of ${erased} order${erased === 1 ? "" : "s"} placed with ${email} in the ${store.kind} store. ` +
            "Their references, lines, totals, states and history are kept.",
    );
    return 0;
  } catch (error) {
    console.error(`The store refused or could not be reached: ${(error as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

/** The checked environment (.env files read as Next does), or null after saying what is wrong with it. */
function loadedEnv(): ServerEnv | null {
  loadEnvConfig(process.cwd());
  try {
    return serverEnv();
  } catch (error) {
    console.error((error as Error).message);
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...extra] = argv;
  if (command === "backfill" || command === "catalog-changed") {
    if (argv.length > 1) {
      console.error(USAGE);
      return 2;
    }
    const env = loadedEnv();
    if (!env) return 2;
    return command === "backfill" ? backfill() : catalogChanged(env);
  }
  if (command === "erase-customer") {
    if (argv.length !== 2 || !EMAIL.test(email)) {
      console.error(argv.length === 2 ? `Not an email address: ${email}\n${USAGE}` : USAGE);
      return 2;
    }
    const env = loadedEnv();
    if (!env) return 2;
    return eraseCustomer(email);
  }
  const needsEmail = command === "grant" || command === "revoke";
  if (!["grant", "revoke", "list"].includes(command) || extra.length > 0 || needsEmail !== Boolean(email)) {
    console.error(USAGE);
    return 2;
  }
  if (needsEmail && !EMAIL.test(email)) {
    console.error(`Not an email address: ${email}\n${USAGE}`);
    return 2;
  }

  const env = loadedEnv();
  if (!env) return 2;
  const hasServiceAccount = Boolean(env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY);
  if (!env.FIREBASE_AUTH_EMULATOR_HOST && !hasServiceAccount) {
    console.error(
      "No Firebase project to work on: set FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY " +
        "(docs/DEPLOY.md), or FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 for the Auth emulator `npm run start:local` runs.",
    );
    return 2;
  }

  const auth = getAuth(adminApp(env));
  console.log(`Working on ${target(env)}.`);
  try {
    if (command === "list") {
      const { accounts, listedWithoutAccount } = await listAdmins(auth, env.ADMIN_EMAILS);
      if (accounts.length === 0 && listedWithoutAccount.length === 0)
        console.log("No admin: grant one with `npm run admin -- grant EMAIL`.");
      for (const a of accounts) {
        const notes = [
          `via ${a.via.join(" and ")}`,
          a.disabled ? "account DISABLED" : "",
          a.via.length === 1 && a.via[0] === "ADMIN_EMAILS" && !a.emailVerified && !env.FIREBASE_AUTH_EMULATOR_HOST
            ? "email not verified: not an admin until it is"
            : "",
        ].filter(Boolean);
        console.log(`${a.email}  (${notes.join("; ")})`);
      }
      for (const e of listedWithoutAccount) console.log(`${e}  (in ADMIN_EMAILS; no account yet)`);
      return 0;
    }
    const verb = command === "grant" ? "grant" : "revoke";
    const change = verb === "grant" ? await grantAdmin(auth, email) : await revokeAdmin(auth, email, env.ADMIN_EMAILS);
    console.log(describeChange(verb, change));
    return change.ok ? 0 : 1;
  } catch (error) {
    const code = (error as { code?: string }).code;
    console.error(`Firebase refused or could not be reached${code ? ` (${code})` : ""}: ${(error as Error).message}`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
