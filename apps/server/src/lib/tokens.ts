import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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
