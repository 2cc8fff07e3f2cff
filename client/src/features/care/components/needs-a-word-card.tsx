import HeartHandshake from 'lucide-react/icons/heart-handshake';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { useNeedsAWord } from '../api';
import { reasonText } from '../format';

/**
 * 'Needs a word' for a commander (the dashboard and My Subgroup): the members of the subgroups they lead
 * who have gone quiet, ended a long streak yesterday or fallen well below last month, each with why.
 */
export function NeedsAWordCard({ communityId, enabled = true }: { communityId: string; /** False holds the request back (it shows as loading). */ enabled?: boolean }) {
  const rows = useNeedsAWord(communityId, enabled);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <HeartHandshake className="size-5 text-accent-600" aria-hidden="true" />
          Needs a word
        </CardTitle>
        <CardDescription>Members you lead who may be glad to hear from you this week.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.error ? (
          <ErrorNote message={loadFailureMessage('Could not load who needs a word.', rows.error)} onRetry={() => void rows.refetch()} />
        ) : rows.isPending ? (
          <LoadingRows rows={2} label="Loading who needs a word" />
        ) : rows.data.length === 0 ? (
          <EmptyNote>Nobody in the subgroups you lead needs a word right now.</EmptyNote>
        ) : (
          <ul aria-label="Members who need a word" className="grid gap-2">
            {rows.data.map((row) => (
              <li key={row.userId} className="grid gap-1 rounded-xl border border-border bg-background p-3">
                <span className="min-w-0 break-words font-medium">{row.displayName}</span>
                <ul aria-label={`Why ${row.displayName}`} className="grid gap-0.5 text-sm text-muted-foreground">
                  {row.reasons.map((reason) => (
                    <li key={reason.kind} className="break-words">
                      {reasonText(reason)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
