import { useSearchParams } from 'react-router';

/**
 * A console list's filter kept in the page's address (so a filtered view can be shared or
 * reloaded): the current parameters, and `set` to change some of them at once (null or ''
 * removes one).
 */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const set = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  return { params, set };
}
