/** Shoppers' profiles on SQLite. Arguments arrive parsed (validating-store.ts). */
import type { UserStore } from "../contract/users";
import type { SqliteContext } from "./context";
import { toUser, type UserRow } from "./rows";

export function sqliteUsers({ db, run }: SqliteContext): UserStore {
  const sql = {
    user: db.prepare<[string], UserRow>("SELECT * FROM users WHERE uid = ?"),
    deleteUser: db.prepare("DELETE FROM users WHERE uid = ?"),
    insertUser: db.prepare("INSERT OR IGNORE INTO users (uid, display_name, email, created_at) VALUES (?, ?, ?, ?)"),
    upsertUser: db.prepare(
      `INSERT INTO users (uid, display_name, email, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET display_name = excluded.display_name, email = excluded.email`,
    ),
  };
  return {
    getUser: (uid) =>
      run(() => {
        const row = sql.user.get(uid);
        return row ? toUser(row) : null;
      }),

    createUserIfMissing: (uid, input) =>
      run(() => {
        const created = sql.insertUser.run(uid, input.displayName, input.email, Date.now()).changes > 0;
        return { user: toUser(sql.user.get(uid)!), created };
      }),

    deleteUser: (uid) =>
      run(() => {
        sql.deleteUser.run(uid);
      }),

    updateUserProfile: (uid, input) =>
      run(() => {
        sql.upsertUser.run(uid, input.displayName, input.email, Date.now());
        return toUser(sql.user.get(uid)!);
      }),
  };
}
