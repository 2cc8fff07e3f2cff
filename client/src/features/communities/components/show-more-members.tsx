import { Button } from '@/components/ui/button';

interface MorePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Show more members' under a list read a page at a time, while more pages exist. */
export function ShowMoreMembers({ pages }: { pages: MorePages }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="outline" size="sm" className="min-h-11 justify-self-start" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
      {pages.isFetchingNextPage ? 'Loading…' : 'Show more members'}
    </Button>
  );
}
