/**
 * Game tickets (security.md W14; ADR 0015): what the game on its own origin holds instead of a
 * session. A ticket is a compact JWS (HS256, by jose) naming one seat: the player (`sub`), the
 * registration (`reg`), the game's slot (`evt`), a nonce (`jti`), and an expiry at the game's
 * end. It is signed with a key derived from APP_SECRET for its key id (`kid` in the header);
 * verifying looks the key up by that id, so a new key id can sign while the old one still
 * verifies the tickets already out. Tickets are not stored: one is signed whenever the player
 * is shown their seat (booking, joining, the next-game check), so a reload gets a fresh one.
 */
import { hkdfSync, randomUUID, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTHeaderParameters } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../lib/clock';

const ALGORITHM = 'HS256';
const ISSUER = 'questfield';
const AUDIENCE = 'questfield-game';
/** The key that signs new tickets. Rotating: add the next id here and sign with it. */
const SIGNING_KEY_ID = 'gt1';
const VERIFYING_KEY_IDS = [SIGNING_KEY_ID];

/** The seat a ticket stands for. */
export type TicketSeat = {
  userId: string;
  registrationId: string;
  slotId: string;
  /** The ticket expires with the game. */
  endsAt: Date;
};

const claims = z.object({
  sub: z.uuid(),
  reg: z.uuid(),
  evt: z.uuid(),
  exp: z.number().int(),
});

/**
 * A 256-bit HMAC key per key id, so one secret yields independent keys; imported once as a
 * CryptoKey, since jose would import raw bytes again for every ticket (most of its cost).
 */
function keyFor(appSecret: string, keyId: string): Promise<webcrypto.CryptoKey> {
  const raw = new Uint8Array(hkdfSync('sha256', appSecret, keyId, 'questfield game ticket', 32));
  const algorithm = { name: 'HMAC', hash: 'SHA-256' };
  return webcrypto.subtle.importKey('raw', raw, algorithm, false, ['sign', 'verify']);
}

export function createGameTickets(appSecret: string, clock: Clock) {
  const keys = new Map(VERIFYING_KEY_IDS.map((id) => [id, keyFor(appSecret, id)]));
  const signingKey = keys.get(SIGNING_KEY_ID) as Promise<webcrypto.CryptoKey>;
  const keyOf = (header: JWTHeaderParameters) => {
    const key = header.kid === undefined ? undefined : keys.get(header.kid);
    if (key === undefined) throw new Error('unknown ticket key');
    return key;
  };

  return {
    issue: async (seat: TicketSeat): Promise<string> =>
      new SignJWT({ reg: seat.registrationId, evt: seat.slotId })
        .setProtectedHeader({ alg: ALGORITHM, kid: SIGNING_KEY_ID, typ: 'JWT' })
        .setSubject(seat.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setJti(randomUUID())
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(seat.endsAt.getTime() / 1000))
        .sign(await signingKey),

    /** The seat of a sound, unexpired ticket (by the server's clock); null for any other. */
    async verify(ticket: string): Promise<Omit<TicketSeat, 'endsAt'> | null> {
      try {
        const { payload } = await jwtVerify(ticket, keyOf, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['sub', 'reg', 'evt', 'exp', 'jti'],
        });
        const read = claims.safeParse(payload);
        if (!read.success) return null;
        return { userId: read.data.sub, registrationId: read.data.reg, slotId: read.data.evt };
      } catch {
        return null;
      }
    },
  };
}
