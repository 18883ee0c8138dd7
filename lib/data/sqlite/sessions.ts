/** Ended sessions on SQLite: revoked sessions and accounts' cut-offs. Arguments arrive parsed (validating-store.ts). */
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
    endAccountSessions: db.prepare(
      `INSERT INTO account_session_cutoffs (uid, ended_before, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET ended_before = max(ended_before, excluded.ended_before),
                                       expires_at = max(expires_at, excluded.expires_at)`,
    ),
    purgeCutoffs: db.prepare("DELETE FROM account_session_cutoffs WHERE expires_at <= ?"),
    accountEnded: db.prepare<[string, number, number], { one: number }>(
      "SELECT 1 AS one FROM account_session_cutoffs WHERE uid = ? AND ended_before > ? AND expires_at > ?",
    ),
  };
  // Sign-outs are rare, so each one also sweeps the expired rows: the tables
  // hold only what could still refuse a session.
  const revokeTx = db.transaction((sid: string, until: number) => {
    sql.purgeRevocations.run(Date.now());
    sql.revokeSession.run(sid, until);
  });
  const endAccountTx = db.transaction((uid: string, before: number, until: number) => {
    sql.purgeCutoffs.run(Date.now());
    sql.endAccountSessions.run(uid, before, until);
  });
  return {
    revokeSession: (sid, expiresAt) => run(() => revokeTx.immediate(sid, expiresAt)),
    endAccountSessions: (uid, before, expiresAt) => run(() => endAccountTx.immediate(uid, before, expiresAt)),
    isSessionRevoked: (sid, owner) =>
      run(() => {
        const now = Date.now();
        if (sql.sessionRevoked.get(sid, now) !== undefined) return true;
        return owner !== undefined && sql.accountEnded.get(owner.uid, owner.signedInAt, now) !== undefined;
      }),
  };
}
