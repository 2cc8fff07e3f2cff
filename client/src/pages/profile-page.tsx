import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Link } from 'wouter';
import { PageHeader } from '@/components/layout/page-header';
import { ProfileDetails } from '@/features/auth/components/profile-details';
import { useAuth } from '@/lib/auth';

export function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <Link href="/" className="mb-4 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to Dashboard
      </Link>
      <PageHeader title="Profile Settings" description="Your account details and sign-in." />
      {user ? <ProfileDetails user={user} /> : null}
    </>
  );
}
