import "next-auth";
import "next-auth/jwt";

// What our session carries (lib/auth/options.ts fills it).
declare module "next-auth" {
  interface Session {
    /** Absent when nobody is signed in, and when the session could not be checked (`unavailable`). */
    user?: {
      uid: string;
      name: string;
      email: string;
      isAdmin: boolean;
      signedInAt: number;
    };
    /**
     * The store could not say whether this session was signed out: it is
     * neither trusted nor ended (lib/auth/session-check.ts). Its owner is
     * not disclosed; readers answer "unavailable" (lib/auth/session.ts).
     */
    unavailable?: true;
  }
  interface User {
    id: string;
    name: string;
    email: string;
    isAdmin: boolean;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    isAdmin?: boolean;
    /** Random id of this sign-in, so one session can be revoked at sign-out. */
    sid?: string;
    /** When this session signed in (seconds); it ends 30 days later however often it rolls (session-check.ts). */
    signedInAt?: number;
    /**
     * Set for the length of one session read when the revocation lookup
     * failed; never written into a cookie (lib/auth/session-token.ts).
     */
    unverified?: true;
  }
}
