import { useQuery, useQueryClient } from '@tanstack/react-query';
import Search from 'lucide-react/icons/search';
import { useDeferredValue, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { AdministeredCommunity } from '@shared/contracts/communities';
import { Input } from '@/components/ui/input';
import { LoadingCard } from '@/components/ui/states';
import { useT } from '@/i18n';
import { apiJson } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { MEMBERSHIPS_QUERY_KEY, type Membership, setStoredCommunityId } from '@/lib/community';
import { CommunityCard } from './community-card';
import { QueryFailure } from './community-state';

/** Past this many administered communities, a search box narrows the list (always for a SuperAdmin). */
const SEARCH_FROM = 7;

function useOpenCommunity() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return async (communityId: string, path: '/' | '/admin') => {
    setStoredCommunityId(communityId);
    // The memberships name the community on screen, also one administered without a membership.
    await queryClient.invalidateQueries({ queryKey: MEMBERSHIPS_QUERY_KEY });
    navigate(path);
  };
}

/**
 * The community grids of /community-access: 'Your Communities' (memberships; 'Continue Journey' opens
 * the dashboard), then the communities a SuperAdmin or InstitutionAdmin administers without belonging
 * to them, searched on the server, each openable in Administration or on the dashboard without joining.
 */
export function YourCommunities({ memberships }: { memberships: readonly Membership[] }) {
  const t = useT();
  const open = useOpenCommunity();
  const joined = memberships.filter((membership) => membership.id !== null);
  return (
    <>
      {joined.length > 0 ? (
        <section aria-labelledby="your-communities-title" className="grid gap-4">
          <h2 id="your-communities-title" className="text-2xl font-semibold text-primary-900">
            {t('Your Communities')}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {joined.map((membership, index) => (
              <CommunityCard
                key={membership.communityId}
                membership={membership}
                index={index}
                onContinue={(chosen) => void open(chosen.communityId, '/')}
                onAdminister={(chosen) => void open(chosen.communityId, '/admin')}
              />
            ))}
          </div>
        </section>
      ) : null}
      <AdministeredSection onOpen={open} />
    </>
  );
}

type OpenCommunity = (communityId: string, path: '/' | '/admin') => Promise<void>;

/** Only SuperAdmins and InstitutionAdmins administer communities they do not belong to: nobody else asks. */
function AdministeredSection({ onOpen }: { onOpen: OpenCommunity }) {
  const { user, memberships } = useAuth();
  const superAdmin = user?.isSuperAdmin === true;
  const administers = superAdmin || memberships.some((membership) => membership.roles.includes('InstitutionAdmin'));
  return administers ? <AdministeredCommunities onOpen={onOpen} superAdmin={superAdmin} /> : null;
}

function AdministeredCommunities({ onOpen, superAdmin }: { onOpen: OpenCommunity; superAdmin: boolean }) {
  const t = useT();
  const { user } = useAuth();
  const [search, setSearch] = useState('');
  const searched = useDeferredValue(search.trim());
  const searchId = useId();
  const communities = useQuery<AdministeredCommunity[]>({
    queryKey: ['/api/communities/administered', searched],
    queryFn: () => apiJson<AdministeredCommunity[]>('GET', `/api/communities/administered?${new URLSearchParams({ search: searched }).toString()}`),
    placeholderData: (previous) => previous,
  });
  const found = communities.data ?? [];
  if (!superAdmin && found.length === 0 && !searched) return null;
  const toCard = (community: AdministeredCommunity): Membership => ({
    id: null,
    communityId: community.id,
    userId: user?.id ?? '',
    role: superAdmin ? 'SuperAdmin' : 'InstitutionAdmin',
    roles: [superAdmin ? 'SuperAdmin' : 'InstitutionAdmin'],
    subgroupId: null,
    community,
  });
  return (
    <section aria-labelledby="administered-communities-title" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="administered-communities-title" className="text-2xl font-semibold text-primary-900">
          {t('Communities You Administer')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {superAdmin ? t('As Super Admin you can open these without joining them.') : t('As Institution Admin you can open these without joining them.')}
        </p>
      </div>
      {superAdmin || found.length >= SEARCH_FROM || searched ? (
        <div className="relative max-w-sm">
          <label htmlFor={searchId} className="sr-only">
            {t('Search communities')}
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('Search communities')} className="pl-9" />
        </div>
      ) : null}
      {communities.error ? (
        <QueryFailure error={communities.error} onRetry={() => void communities.refetch()} fallback={t('We could not load the communities you administer.')} />
      ) : communities.isPending ? (
        <LoadingCard label={t('Loading the communities you administer')} />
      ) : found.length === 0 ? (
        <p role="status" className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          {searched ? t('No community matches “{search}”.', { search: searched }) : t('There are no other communities yet.')}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {found.map((community, index) => (
            <CommunityCard
              key={community.id}
              membership={toCard(community)}
              index={index}
              continueLabel={t('View Dashboard')}
              onContinue={() => void onOpen(community.id, '/')}
              onAdminister={() => void onOpen(community.id, '/admin')}
            />
          ))}
        </div>
      )}
    </section>
  );
}
