type NamedUser = {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  email?: string | null;
};

/**
 * Avatar initials (spec §3): the first letters of the first and last name; otherwise the
 * first 2 letters of the username; otherwise of the email. Always capitals.
 */
export function initialsOf(user: NamedUser): string {
  const first = [...(user.firstName ?? '').trim()][0];
  const last = [...(user.lastName ?? '').trim()][0];
  if (first && last) return `${first}${last}`.toUpperCase();
  for (const source of [user.username, user.email]) {
    const letters = [...(source ?? '').trim()].slice(0, 2).join('');
    if (letters) return letters.toUpperCase();
  }
  return '?';
}
