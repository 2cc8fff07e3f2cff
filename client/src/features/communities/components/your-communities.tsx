import { useLocation } from 'wouter';
import { type Membership, setStoredCommunityId } from '@/lib/community';
import { CommunityCard } from './community-card';

/** The 'Your Communities' grid of /community-access. 'Continue Journey' opens that community's dashboard. */
export function YourCommunities({ memberships }: { memberships: readonly Membership[] }) {
  const [, navigate] = useLocation();
  const onContinue = (membership: Membership) => {
    setStoredCommunityId(membership.communityId);
    navigate('/');
  };
  return (
    <section aria-labelledby="your-communities-title" className="grid gap-4">
      <h2 id="your-communities-title" className="text-2xl font-semibold text-primary-900">
        Your Communities
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {memberships.map((membership, index) => (
          <CommunityCard key={membership.communityId} membership={membership} index={index} onContinue={onContinue} />
        ))}
      </div>
    </section>
  );
}
