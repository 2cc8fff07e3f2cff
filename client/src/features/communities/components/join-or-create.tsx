import KeyRound from 'lucide-react/icons/key-round';
import Sparkles from 'lucide-react/icons/sparkles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Where the 'Join Community' and 'Create Community' tabs go. They arrive with the communities issue;
 * until then this explains how to get in.
 */
export function JoinOrCreate({ hasCommunities }: { hasCommunities: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{hasCommunities ? 'Join or create another community' : "You're not part of a community yet"}</CardTitle>
        <CardDescription>
          Steadfast communities are invitation-only. Soon you will be able to join one here with the invitation code
          your leader gives you, or create your own and invite others.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 sm:grid-cols-2">
        <div className="flex items-start gap-3 rounded-xl bg-muted p-4">
          <KeyRound className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden="true" />
          <p className="text-sm">
            <span className="font-semibold">Join Community</span>: invitation codes are usually 6-8 characters. Joining arrives in
            an upcoming update.
          </p>
        </div>
        <div className="flex items-start gap-3 rounded-xl bg-muted p-4">
          <Sparkles className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
          <p className="text-sm">
            <span className="font-semibold">Create Community</span>: start your own and lead it as its moderator. Also coming in an
            upcoming update.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
