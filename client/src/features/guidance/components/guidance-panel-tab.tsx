import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingCard } from '@/components/ui/states';
import { formatDateTime } from '@/lib/dates';
import { useGuidance } from '../api';
import { DEFAULT_GUIDANCE_SECTIONS } from '../default-guidance';
import { GuidanceContent } from './guidance-content';
import { GUIDANCE_LOAD_FAILED } from './guidelines-card';
import { GuidanceEditorDialog } from './guidance-editor-dialog';

/** Administration > Guidance Panel: what members read now, and the editor. */
export function GuidancePanelTab({ communityId }: { communityId: string }) {
  const guidance = useGuidance(communityId);
  const [editing, setEditing] = useState(false);

  if (guidance.error) return <ErrorNote message={GUIDANCE_LOAD_FAILED} onRetry={() => void guidance.refetch()} />;
  if (!guidance.data) return <LoadingCard label="Loading guidance" />;

  const { sections, contentMarkdown, updatedAt } = guidance.data;
  const empty = sections.length === 0 && !contentMarkdown.trim();

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>Guidance Panel</CardTitle>
          <CardDescription>
            {empty
              ? 'Your members see the default guidelines below until you write your own.'
              : `What your members read on their dashboard.${updatedAt ? ` Last saved ${formatDateTime(updatedAt)}.` : ''}`}
          </CardDescription>
        </div>
        <Button onClick={() => setEditing(true)} className="shrink-0">
          <Pencil aria-hidden="true" />
          Edit Guidance
        </Button>
      </CardHeader>
      <CardContent>
        <div className="rounded-xl border border-border p-4">
          <GuidanceContent sections={empty ? DEFAULT_GUIDANCE_SECTIONS : sections} markdown={contentMarkdown} />
        </div>
      </CardContent>
      {/* Mounted only while open, so each opening starts from what is saved. */}
      {editing ? <GuidanceEditorDialog communityId={communityId} guidance={guidance.data} open onOpenChange={setEditing} /> : null}
    </Card>
  );
}
