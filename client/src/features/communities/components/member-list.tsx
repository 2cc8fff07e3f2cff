import { defaultRangeExtractor, measureElement, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type FocusEvent, type ReactNode, type Ref, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CommunityMember } from '@shared/contracts/communities';
import { useT } from '@/i18n';
import { cn } from '@/lib/utils';

/** Up to this many rows the list renders them all (find-in-page works); above it, only the rows in view. */
export const RENDER_ALL_MEMBERS_UP_TO = 100;
/** The next page is read when the rows rendered come this close to the last one read. */
const READ_AHEAD_ROWS = 15;
/** Rows rendered beyond each edge of the viewport, so scrolling and tabbing never meet an empty gap. */
const OVERSCAN_ROWS = 6;
/** A row's height until it is measured (a table row from 768 px, a card below, with the subgroup select: as measured in Chromium). */
const estimatedRowHeight = () => (window.innerWidth >= 768 ? 165 : 245);

/** Where a row sits in a windowed list: its position among all the rows and its offset in the list. */
export interface RowPlacement {
  ref: Ref<HTMLLIElement>;
  index: number;
  setSize: number;
  style: CSSProperties;
  className: string;
}

interface MemberListProps {
  members: CommunityMember[];
  /** How many members the whole list has (pages not read yet included). */
  setSize: number;
  /** Whether pages remain to be read, and how to read the next. */
  hasMore: boolean;
  onNearEnd: () => void;
  renderRow: (member: CommunityMember, placement?: RowPlacement) => ReactNode;
}

export function MemberList({ members, setSize, hasMore, onNearEnd, renderRow }: MemberListProps) {
  const t = useT();
  if (!hasMore && members.length <= RENDER_ALL_MEMBERS_UP_TO) {
    return (
      <ul aria-label={t('Members')} className="divide-y divide-border">
        {members.map((member) => renderRow(member))}
      </ul>
    );
  }
  return <WindowedMemberList members={members} setSize={setSize} hasMore={hasMore} onNearEnd={onNearEnd} renderRow={renderRow} />;
}

/**
 * A congregation's list (thousands of members): only the rows in and near the viewport are in the page,
 * placed in a list as tall as all of them, so the page scrolls as before. Each row says where it stands
 * (aria-posinset of aria-setsize) for screen readers, and the row holding keyboard focus stays rendered
 * when it scrolls out of view, so focus is never dropped. The list holds the pages read so far; scrolling
 * near their end reads the next.
 */
function WindowedMemberList({ members, setSize, hasMore, onNearEnd, renderRow }: MemberListProps & { renderRow: (member: CommunityMember, placement: RowPlacement) => ReactNode }) {
  const t = useT();
  const listRef = useRef<HTMLUListElement>(null);
  const focusedIndex = useRef<number | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // The list's distance from the top of the page: the virtualizer measures the window's scroll from there.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const focused = focusedIndex.current;
    if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
    return [...indexes, focused].sort((a, b) => a - b);
  }, []);
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: members.length,
    estimateSize: estimatedRowHeight,
    getItemKey: (index) => members[index]!.id,
    overscan: OVERSCAN_ROWS,
    scrollMargin,
    rangeExtractor,
    // A row not laid out (jsdom, a hidden tab) measures 0: keep the estimate rather than collapse the list.
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimatedRowHeight(),
  });
  const trackFocus = (event: FocusEvent<HTMLUListElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('li[data-index]');
    focusedIndex.current = row ? Number(row.dataset.index) : null;
  };
  const forgetFocus = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focusedIndex.current = null;
  };
  const last = members.length - 1;
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastRendered >= members.length - READ_AHEAD_ROWS) onNearEnd();
  }, [hasMore, lastRendered, members.length, onNearEnd]);
  return (
    <ul aria-label={t('Members')} ref={listRef} onFocus={trackFocus} onBlur={forgetFocus} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) =>
        renderRow(members[item.index]!, {
          ref: virtualizer.measureElement,
          index: item.index,
          setSize,
          style: { transform: `translateY(${item.start - scrollMargin}px)` },
          className: cn('absolute inset-x-0 top-0', item.index < last && 'border-b border-border'),
        }),
      )}
    </ul>
  );
}
