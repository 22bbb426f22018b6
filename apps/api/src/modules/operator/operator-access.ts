/**
 * How the command line reaches a running server that holds the embedded database (its folder
 * can have one process only): the server writes its loopback URL and a fresh random token into
 * the data folder, readable by its owner only, and removes the file when it stops. Whoever can
 * read that file can already read the database files beside it, so the token grants nothing more.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OPERATOR_ACCESS_FILE } from '@questfield/contract';
import { z } from 'zod';

const TOKEN_BYTES = 32;
const OWNER_ONLY = 0o600;

const accessFile = z.object({
  url: z.url({ protocol: /^http$/ }),
  token: z.string().min(TOKEN_BYTES),
  pid: z.number().int().positive(),
});
export type OperatorAccess = z.infer<typeof accessFile>;

export const newOperatorToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares in constant time (digests of equal length), so timing tells nothing of the token. */
export function tokenMatches(expected: string, given: string): boolean {
  return timingSafeEqual(digest(expected), digest(given));
}

/** The loopback URL of a server listening on `address` (any interface, or loopback). */
export function loopbackUrlOf(address: AddressInfo): string {
  const host = address.family === 'IPv6' && address.address === '::1' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

const fileIn = (dataDir: string) => path.join(dataDir, OPERATOR_ACCESS_FILE);

/** Writes the access file (owner-only from its first byte); returns its remover. */
export function publishOperatorAccess(dataDir: string, access: OperatorAccess): () => void {
  const file = fileIn(dataDir);
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, JSON.stringify(access), { mode: OWNER_ONLY, flag: 'w' });
  renameSync(draft, file);
  return () => {
    // Only our own file: a later server on the same folder may have written its own.
    if (readOperatorAccess(dataDir)?.token === access.token) rmSync(file, { force: true });
  };
}

/** The running server's access, or null when no server has published one (or it is unreadable). */
export function readOperatorAccess(dataDir: string): OperatorAccess | null {
  try {
    const parsed = accessFile.safeParse(JSON.parse(readFileSync(fileIn(dataDir), 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
