import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Parties/Invite (public): what an invite offers, before the visitor signs in to claim it. */
function getPartyInvite(invite: string, signal?: AbortSignal) {
  return callApi('partiesInvite', { invite }, { signal });
}

/**
 * The invite of the page's link, asked once the page has read a well-formed token (null: never
 * asked). The token is only in memory, never in storage; a claim asks it again.
 */
const partyInviteQueryOptions = (invite: string | null) =>
  queryOptions({
    queryKey: ['party-invite', invite],
    queryFn: ({ signal }) => getPartyInvite(invite ?? '', signal),
    enabled: invite !== null,
  });

export function usePartyInvite(invite: string | null) {
  return useQuery(partyInviteQueryOptions(invite));
}
