import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export type AccessClaims = { userId: number; userName: string; familyId: string };

const ISSUER = 'recon-platform';
const AUDIENCE = 'recon-web';

export type TokenService = {
  signAccess: (claims: AccessClaims) => Promise<string>;
  /** Verifies signature, issuer and audience; `ignoreExpiry` for the refresh call, which carries the old token. */
  verifyAccess: (token: string, options?: { ignoreExpiry?: boolean }) => Promise<AccessClaims>;
};

export class TokenExpiredError extends Error {}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    signAccess: (c) =>
      new SignJWT({ un: c.userName, sid: c.familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key),
    verifyAccess: async (token, options = {}) => {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // A huge tolerance is how jose skips the expiry check; the signature is still verified.
          clockTolerance: options.ignoreExpiry ? 10 * 365 * 24 * 3600 : 0,
        });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.un !== 'string' || typeof payload.sid !== 'string') {
          throw new Error('malformed claims');
        }
        return { userId, userName: payload.un, familyId: payload.sid };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new TokenExpiredError('expired');
        throw err;
      }
    },
  };
}

/** An opaque random token (refresh tokens, temp tokens): 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as SHA-256 hashes: a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** One-time codes are short, so they are hashed with a server secret (HMAC), not a bare hash. */
export function hashCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(code).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

/** A uniformly random 6-digit code. */
export function randomOtp(): string {
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

const SEAL_IV_BYTES = 12;
const SEAL_TAG_BYTES = 16;
const sealKey = (secret: string) => createHash('sha256').update(`recon-sealed-answer:${secret}`).digest();

/**
 * Seals a short secret value (a refresh answer kept for its grace interval) with AES-256-GCM under a key derived from
 * the server's secret: what the database holds opens nothing without it, and a changed value fails to open.
 */
export function seal(secret: string, plaintext: string): string {
  const iv = randomBytes(SEAL_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what `seal` made with the same secret; null when it was made with another secret or changed. */
export function unseal(secret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, SEAL_IV_BYTES));
    decipher.setAuthTag(raw.subarray(SEAL_IV_BYTES, SEAL_IV_BYTES + SEAL_TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(SEAL_IV_BYTES + SEAL_TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
