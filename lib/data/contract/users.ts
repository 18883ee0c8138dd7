/** Shoppers' profiles (user/{uid} in the spec): the shape, declared once as its schema, and the store's methods. */
import { singleLine } from "./fields";
import { LIMITS } from "./limits";
import { z } from "./zod";

/** What a new profile is made from: the sign-up's display name and email. */
export const newUserSchema = z.strictObject({
  displayName: singleLine("Display name", LIMITS.displayNameMax),
  email: z.email("Email is not valid").max(LIMITS.emailMax),
});
export type NewUserProfile = z.output<typeof newUserSchema>;

export const userProfileSchema = newUserSchema.extend({
  uid: z.string(),
  createdAt: z.number(),
});
export type UserProfile = z.output<typeof userProfileSchema>;

export interface UserStore {
  getUser(uid: string): Promise<UserProfile | null>;
  /** Creates user/{uid} only when missing; an existing profile is returned untouched. */
  createUserIfMissing(uid: string, input: NewUserProfile): Promise<{ user: UserProfile; created: boolean }>;
  /** Sets the profile's display name and email (the account's own, from Firebase Auth), creating the profile when missing. */
  updateUserProfile(uid: string, input: NewUserProfile): Promise<UserProfile>;
  /** Deletes user/{uid} (the account's deletion); nothing when there is none. */
  deleteUser(uid: string): Promise<void>;
}
