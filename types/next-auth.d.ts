import "next-auth";
import "next-auth/jwt";

// What our session carries (lib/auth/options.ts fills it).
declare module "next-auth" {
  interface Session {
    user: { uid: string; name: string; email: string; isAdmin: boolean };
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
  }
}
