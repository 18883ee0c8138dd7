/** Revoked sessions on SQLite. Arguments arrive parsed (validating-store.ts). */
import type { SessionStore } from "../contract/sessions";
import type { SqliteContext } from "./context";

export function sqliteSessions({ db, run }: SqliteContext): SessionStore {
  const sql = {
    revokeSession: db.prepare(
      `INSERT INTO revoked_sessions (sid, expires_at) VALUES (?, ?)
       ON CONFLICT (sid) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)`,
    ),
    purgeRevocations: db.prepare("DELETE FROM revoked_sessions WHERE expires_at <= ?"),
    sessionRevoked: db.prepare<[string, number], { one: number }>("SELECT 1 AS one FROM revoked_sessions WHERE sid = ? AND expires_at > ?"),
  };
  // Sign-outs are rare, so each one also sweeps the expired rows: the table
  // holds only sessions that could still be presented.
  const revokeTx = db.transaction((sid: string, until: number) => {
    sql.purgeRevocations.run(Date.now());
    sql.revokeSession.run(sid, until);
  });
  return {
    revokeSession: (sid, expiresAt) => run(() => revokeTx.immediate(sid, expiresAt)),
    isSessionRevoked: (sid) => run(() => sql.sessionRevoked.get(sid, Date.now()) !== undefined),
  };
}
