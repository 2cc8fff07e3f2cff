import NotebookPen from 'lucide-react/icons/notebook-pen';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { useSubgroupReflections } from '../api';
import { ReflectionBodyView } from './reflection-card';

interface SubgroupReflectionsCardProps {
  communityId: string;
  /** The month that ended. */
  period: { year: number; month: number };
  label: string;
  /** One subgroup's (an admin's choice), instead of those the viewer leads. */
  subgroupId?: string;
}

/** My Subgroup, for a commander: the reflections on the month that ended of the members they lead, each answered once. */
export function SubgroupReflectionsCard({ communityId, period, label, subgroupId }: SubgroupReflectionsCardProps) {
  const reflections = useSubgroupReflections(communityId, period, subgroupId);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <NotebookPen className="size-5 text-accent-600" aria-hidden="true" />
          Reflections on {label}
        </CardTitle>
        <CardDescription>
          What the members {subgroupId ? 'of this subgroup' : 'you lead'} wrote looking back on the month. Reply once: a few words, or a prayer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {reflections.error ? (
          <ErrorNote message={loadFailureMessage('Could not load the reflections.', reflections.error)} onRetry={() => void reflections.refetch()} />
        ) : reflections.isPending ? (
          <LoadingRows rows={2} label="Loading the reflections" />
        ) : reflections.data.length === 0 ? (
          <EmptyNote>No reflections on {label} yet. Members are invited to write one in the first week of the month.</EmptyNote>
        ) : (
          <ul aria-label={`Reflections on ${label}`} className="grid gap-3">
            {reflections.data.map((reflection) => (
              <li key={reflection.id} className="grid gap-3 rounded-xl border border-border bg-background p-4">
                <h3 className="break-words font-semibold">{reflection.displayName}</h3>
                <ReflectionBodyView communityId={communityId} reflection={reflection} isSelf={false} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
