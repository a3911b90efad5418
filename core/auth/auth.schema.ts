import { z } from "zod";
import type { StaffRole } from "../access/roles.ts";

export const LOGIN_REQUIRED_MESSAGE = "Both email and password are required.";
export const LOGIN_FAILED_MESSAGE = "Login failed. Please check your credentials.";
export const INVALID_CREDENTIALS_MESSAGE = "Invalid credentials";
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** Longer than any bearer token or link token we issue: refused before hashing. */
export const MAX_TOKEN_LENGTH = 200;

export const LoginSchema = z.object({
  email: z.string({ error: LOGIN_REQUIRED_MESSAGE }).trim().min(1, LOGIN_REQUIRED_MESSAGE).max(254),
  password: z.string({ error: LOGIN_REQUIRED_MESSAGE }).min(1, LOGIN_REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
});

export const NewPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((password) => password.trim() !== "", "A password cannot be only spaces.");

export interface LoginResult {
  token: string;
  email: string;
}

/** A signed-in staff member, as every staff route sees them. */
export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
}
