import ScrollText from 'lucide-react/icons/scroll-text';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { msg, useT } from '@/i18n';
import { useGuidance } from '../api';
import { defaultGuidanceSections } from '../default-guidance';
import { GuidanceContent } from './guidance-content';

export const GUIDANCE_LOAD_FAILED = msg('Unable to load guidelines. Please refresh the page.');

/** The dashboard's guidelines card: the community's guidance, or the default guidance while it has none. */
export function GuidelinesCard({ communityId }: { communityId: string | null }) {
  const t = useT();
  const guidance = useGuidance(communityId);
  const empty = guidance.data && guidance.data.sections.length === 0 && !guidance.data.contentMarkdown.trim();

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <ScrollText className="size-5 text-primary-600" aria-hidden="true" />
          {t('Guidelines')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {guidance.error ? (
          <ErrorNote message={t(GUIDANCE_LOAD_FAILED)} onRetry={() => void guidance.refetch()} />
        ) : !guidance.data ? (
          <LoadingRows rows={4} label={t('Loading guidelines')} />
        ) : (
          <GuidanceContent sections={empty ? defaultGuidanceSections(t) : guidance.data.sections} markdown={guidance.data.contentMarkdown} />
        )}
      </CardContent>
    </Card>
  );
}
