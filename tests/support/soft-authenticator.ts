import { createHash, createSign, generateKeyPairSync, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

type CBORValue = Parameters<typeof isoCBOR.encode>[0];

/**
 * A passkey authenticator in software for API tests (ES256, "none" attestation, user verified), so
 * both databases see real registrations and signatures; browser journeys use Chromium's virtual
 * authenticator instead.
 */
export function softAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(16);
  let signCount = 0;
  let userHandle = "";
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // User present and user verified; attested credential data follows when registering.
  const authData = (rpId: string, attested?: Buffer) => {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(++signCount);
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, attested ?? Buffer.alloc(0)]);
  };

  return {
    credentialId: b64(credentialId),

    /** navigator.credentials.create's answer to the server's registration options. */
    register(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string) {
      userHandle = options.user.id;
      const jwk = publicKey.export({ format: "jwk" });
      const cose = isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, "base64url")],
          [-3, Buffer.from(jwk.y as string, "base64url")],
        ]),
      );
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, Buffer.from(cose)]);
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData(options.rp.id as string, attested)],
        ]) as CBORValue,
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge, origin)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
      };
    },

    /** navigator.credentials.get's answer to the server's authentication options. */
    authenticate(options: { challenge: string; rpId?: string }, origin: string) {
      const data = authData(options.rpId as string);
      const client = clientData("webauthn.get", options.challenge, origin);
      const signature = createSign("sha256")
        .update(Buffer.concat([data, sha256(client)]))
        .sign(privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key",
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
