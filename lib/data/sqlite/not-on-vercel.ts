/**
 * Stands in for better-sqlite3 in builds made on Vercel (next.config.ts
 * aliases the package here when VERCEL is set). The store there is Firestore
 * (lib/data/index.ts refuses SQLite on Vercel), but the SQLite adapter is
 * still imported on one branch, so the real package, with its native binary,
 * would be traced into every function. `npm run test:vercel` checks it stays out.
 */
export default class Database {
  constructor() {
    throw new Error("The embedded SQLite store cannot run on Vercel: this build does not include better-sqlite3.");
  }
}
