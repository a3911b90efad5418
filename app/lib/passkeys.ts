import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import type { LoginResult } from "../../core/auth/auth.schema";
import { setAdminToken } from "./admin-session";
import { api } from "./api-client";

export const passkeysSupported = (): boolean => typeof window !== "undefined" && browserSupportsWebAuthn();

/** A passkey prompt the person closed or that timed out: not an error worth more than a calm line. */
export const isCancelled = (error: unknown) =>
  error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * Signs in with a passkey: the second step when `ticket` is given, otherwise the passkey alone.
 * Stores the session token like the password login does.
 */
export async function signInWithPasskey(ticket?: string): Promise<LoginResult> {
  const json = ticket ? { ticket } : {};
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>("/api/admin/login/passkey/options", {
    method: "POST",
    json,
  });
  const response = await startAuthentication({ optionsJSON });
  const result = await api<LoginResult>("/api/admin/login/passkey", { method: "POST", json: { ...json, response } });
  setAdminToken(result.token);
  return result;
}

/** Registers a passkey for the signed-in account; returns what the server answers. */
export async function registerPasskey<T>(name: string): Promise<T> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>("/api/admin/account/passkeys/options");
  const response = await startRegistration({ optionsJSON });
  return api<T>("/api/admin/account/passkeys", { method: "POST", json: { name, response } });
}
