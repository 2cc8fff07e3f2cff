import NotebookPen from 'lucide-react/icons/notebook-pen';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { shiftMonth } from '@shared/domain/calendar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useT } from '@/i18n';
import { lazyComponent, MountWhenOpened } from '@/lib/lazy-component';
import { useReflection } from '../api';

// Its form (react-hook-form) downloads when the reflection is first written, not with the dashboard.
const ReflectionDialog = lazyComponent(() => import('./reflection-dialog').then((module) => module.ReflectionDialog));

/** The first week of a month invites a look back on the one that ended. */
export const INVITATION_LAST_DAY = 7;

const dismissedKey = (communityId: string, year: number, month: number) => `steadfast.reflection-invitation.${communityId}.${year}-${month}`;

function wasDismissed(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'dismissed';
  } catch {
    return false;
  }
}

interface ReflectionInvitationProps {
  communityId: string;
  today: { year: number; month: number; day: number };
  /** 'October 2026' for a month. */
  labelOf: (year: number, month: number) => string;
  /** False holds the request back until the first screen is in. */
  enabled: boolean;
}

/**
 * On the dashboard from the 1st to the 7th: an invitation to look back on the month that ended, until the
 * reflection is written or the invitation dismissed ('Not now', remembered on this device for that month).
 */
export function ReflectionInvitation({ communityId, today, labelOf, enabled }: ReflectionInvitationProps) {
  const t = useT();
  const ended = shiftMonth({ year: today.year, month: today.month }, -1);
  const key = dismissedKey(communityId, ended.year, ended.month);
  const [dismissed, setDismissed] = useState(() => wasDismissed(key));
  const [writing, setWriting] = useState(false);
  const inWindow = today.day <= INVITATION_LAST_DAY && !dismissed;
  const reflection = useReflection(communityId, ended, null, enabled && inWindow);
  // Shown once the month is known to have none (not while that is read).
  if (!inWindow || reflection.data !== null) return null;
  const label = labelOf(ended.year, ended.month);

  const dismiss = () => {
    try {
      window.localStorage.setItem(key, 'dismissed');
    } catch {
      // Private browsing: dismissed for this visit only.
    }
    setDismissed(true);
  };

  return (
    <Card role="region" aria-label={t('Look back on {month}', { month: label })} className="grid gap-3 border-accent-200 bg-accent-50 p-5">
      <div className="flex items-start gap-3">
        <NotebookPen className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 className="text-lg font-semibold leading-tight">{t('How was {month}?', { month: label })}</h2>
          <p className="text-sm text-muted-foreground">{t('A few lines for your commander: what helped, what was hard, and what you would like prayer for.')}</p>
        </div>
        <Button variant="ghost" size="icon" className="size-11 shrink-0" aria-label={t('Not now: no reflection on {month}', { month: label })} onClick={dismiss}>
          <X aria-hidden="true" />
        </Button>
      </div>
      <Button className="justify-self-start" onClick={() => setWriting(true)}>
        {t('Write a reflection')}
      </Button>
      <MountWhenOpened open={writing}>
        <ReflectionDialog communityId={communityId} period={writing ? { ...ended, label } : null} existing={null} onClose={() => setWriting(false)} />
      </MountWhenOpened>
    </Card>
  );
}
