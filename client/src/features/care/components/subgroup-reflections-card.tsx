import NotebookPen from 'lucide-react/icons/notebook-pen';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { useT } from '@/i18n';
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
  const t = useT();
  const reflections = useSubgroupReflections(communityId, period, subgroupId);
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <NotebookPen className="size-5 text-accent-600" aria-hidden="true" />
          {t('Reflections on {month}', { month: label })}
        </CardTitle>
        <CardDescription>
          {subgroupId
            ? t('What the members of this subgroup wrote looking back on the month. Reply once: a few words, or a prayer.')
            : t('What the members you lead wrote looking back on the month. Reply once: a few words, or a prayer.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {reflections.error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load the reflections.'), reflections.error)} onRetry={() => void reflections.refetch()} />
        ) : reflections.isPending ? (
          <LoadingRows rows={2} label={t('Loading the reflections')} />
        ) : reflections.data.length === 0 ? (
          <EmptyNote>{t('No reflections on {month} yet. Members are invited to write one in the first week of the month.', { month: label })}</EmptyNote>
        ) : (
          <ul aria-label={t('Reflections on {month}', { month: label })} className="grid gap-3">
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
