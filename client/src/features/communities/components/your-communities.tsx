import Search from 'lucide-react/icons/search';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { highestRole, roleLabel } from '@shared/domain/roles';
import { Input } from '@/components/ui/input';
import { communityName, type Membership, setStoredCommunityId } from '@/lib/community';
import { CommunityCard } from './community-card';

/** Past this many administered communities, a search box narrows the list. */
const SEARCH_FROM = 7;

function useOpenCommunity() {
  const [, navigate] = useLocation();
  return (membership: Membership, path: '/' | '/admin') => {
    setStoredCommunityId(membership.communityId);
    navigate(path);
  };
}

/**
 * The community grids of /community-access: 'Your Communities' (memberships; 'Continue Journey' opens
 * the dashboard), then the communities a SuperAdmin or InstitutionAdmin administers without belonging
 * to them, searchable, each openable in Administration or on the dashboard without joining.
 */
export function YourCommunities({ memberships }: { memberships: readonly Membership[] }) {
  const open = useOpenCommunity();
  const joined = memberships.filter((membership) => membership.id !== null);
  const administered = memberships.filter((membership) => membership.id === null);
  return (
    <>
      {joined.length > 0 ? (
        <section aria-labelledby="your-communities-title" className="grid gap-4">
          <h2 id="your-communities-title" className="text-2xl font-semibold text-primary-900">
            Your Communities
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {joined.map((membership, index) => (
              <CommunityCard
                key={membership.communityId}
                membership={membership}
                index={index}
                onContinue={(chosen) => open(chosen, '/')}
                onAdminister={(chosen) => open(chosen, '/admin')}
              />
            ))}
          </div>
        </section>
      ) : null}
      {administered.length > 0 ? <AdministeredCommunities communities={administered} onOpen={open} /> : null}
    </>
  );
}

function AdministeredCommunities({ communities, onOpen }: { communities: readonly Membership[]; onOpen: (membership: Membership, path: '/' | '/admin') => void }) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const needle = search.trim().toLowerCase();
  const shown = needle ? communities.filter((membership) => communityName(membership).toLowerCase().includes(needle)) : communities;
  const asRole = roleLabel(highestRole(communities[0]?.roles ?? []));
  return (
    <section aria-labelledby="administered-communities-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="administered-communities-title" className="text-2xl font-semibold text-primary-900">
          Communities You Administer
        </h2>
        <p className="text-sm text-muted-foreground">As {asRole} you can open these without joining them.</p>
      </div>
      {communities.length >= SEARCH_FROM ? (
        <div className="relative max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            Search communities
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder="Search communities" className="pl-9" />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No community matches “{search.trim()}”.
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((membership, index) => (
            <CommunityCard
              key={membership.communityId}
              membership={membership}
              index={index}
              continueLabel="View Dashboard"
              onContinue={(chosen) => onOpen(chosen, '/')}
              onAdminister={(chosen) => onOpen(chosen, '/admin')}
            />
          ))}
        </div>
      )}
    </section>
  );
}
