import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingCard } from '@/components/ui/states';
import { useT } from '@/i18n';
import { formatDateTime } from '@/lib/dates';
import { useGuidance } from '../api';
import { defaultGuidanceSections } from '../default-guidance';
import { GuidanceContent } from './guidance-content';
import { GUIDANCE_LOAD_FAILED } from './guidelines-card';
import { GuidanceEditorDialog } from './guidance-editor-dialog';

/** Administration > Guidance Panel: what members read now, and the editor. */
export function GuidancePanelTab({ communityId }: { communityId: string }) {
  const t = useT();
  const guidance = useGuidance(communityId);
  const [editing, setEditing] = useState(false);

  if (guidance.error) return <ErrorNote message={t(GUIDANCE_LOAD_FAILED)} onRetry={() => void guidance.refetch()} />;
  if (!guidance.data) return <LoadingCard label={t('Loading guidance')} />;

  const { sections, contentMarkdown, updatedAt } = guidance.data;
  const empty = sections.length === 0 && !contentMarkdown.trim();

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>{t('Guidance Panel')}</CardTitle>
          <CardDescription>
            {empty
              ? t('Your members see the default guidelines below until you write your own.')
              : updatedAt
                ? t('What your members read on their dashboard. Last saved {date}.', { date: formatDateTime(updatedAt) })
                : t('What your members read on their dashboard.')}
          </CardDescription>
        </div>
        <Button onClick={() => setEditing(true)} className="shrink-0">
          <Pencil aria-hidden="true" />
          {t('Edit Guidance')}
        </Button>
      </CardHeader>
      <CardContent>
        <div className="rounded-xl border border-border p-4">
          <GuidanceContent sections={empty ? defaultGuidanceSections(t) : sections} markdown={contentMarkdown} />
        </div>
      </CardContent>
      {/* Mounted only while open, so each opening starts from what is saved. */}
      {editing ? <GuidanceEditorDialog communityId={communityId} guidance={guidance.data} open onOpenChange={setEditing} /> : null}
    </Card>
  );
}
