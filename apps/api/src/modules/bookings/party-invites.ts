/**
 * A party's invites (ADR 0065): each guest seat's token is its id and a MAC of it under a key
 * derived from APP_SECRET with HKDF for this purpose alone, base64url (32 bytes, 43 characters).
 * Nothing is stored: the server remakes a seat's token to show its leader, and checks one by
 * remaking its MAC. A token names a seat and nothing else (no e-mail); it cannot be made
 * without the key (128-bit MAC); it is used up when its seat is claimed (the seat row goes, and
 * a claimed seat is never opened again), so it is single-use; and a seat of a game over or
 * cancelled can no longer be claimed.
 */
import { createHmac, createSecretKey, hkdfSync, timingSafeEqual } from 'node:crypto';

const MAC_BYTES = 16;
const ID_BYTES = 16;

const bytesOfUuid = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOfBytes = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

export function createPartyInvites(appSecret: string) {
  const key = createSecretKey(
    Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'questfield party-invite v1', 32)),
  );
  const macOf = (id: Buffer) =>
    createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);
  return {
    /** The invite of a guest seat. */
    tokenOf(seatId: string): string {
      const id = bytesOfUuid(seatId);
      return Buffer.concat([id, macOf(id)]).toString('base64url');
    },
    /** The seat an invite names, or undefined when this server did not make it. */
    seatOf(token: string): string | undefined {
      const bytes = Buffer.from(token, 'base64url');
      // One spelling per token: base64url's spare bits would give a token several.
      if (bytes.length !== ID_BYTES + MAC_BYTES || bytes.toString('base64url') !== token) {
        return undefined;
      }
      const id = bytes.subarray(0, ID_BYTES);
      if (!timingSafeEqual(macOf(id), bytes.subarray(ID_BYTES))) return undefined;
      return uuidOfBytes(id);
    },
  };
}
