/**
 * A secret as a token of its own in a text: not inside a longer run of letters and digits. A
 * 6-digit code turns up by chance inside a hash or an epoch in milliseconds; a leak is the code
 * on its own, between quotes, spaces or punctuation.
 */
export function asToken(secret: string): RegExp {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`);
}
