import { Button } from '@/components/ui/button';
import { useT } from '@/i18n';

interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Show more members' under a list read a page at a time, while more pages exist. */
export function ShowMoreMembers({ pages }: { pages: MorePages }) {
  const t = useT();
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="outline" size="sm" className="min-h-11 justify-self-start" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {pages.isFetchingNextPage ? t('Loading…') : t('Show more members')}
    </Button>
  );
}
