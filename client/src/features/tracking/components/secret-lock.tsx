import Lock from 'lucide-react/icons/lock';
import type { DisciplineView } from '@shared/contracts/tracking';
import { formatList, type Translate, useT } from '@/i18n';
import { disciplineName } from '@/i18n/labels';

/** Who sees a discipline kept in secret (issue 26), said beside the calendar. */
export const secretNoteText = (labels: readonly string[], isSelf: boolean, t: Translate) =>
  isSelf
    ? t(
        "{count, plural, one {{labels} is kept in secret: only you, your commander and your community's admins see it.} other {{labels} are kept in secret: only you, your commander and your community's admins see them.}}",
        { count: labels.length, labels: formatList(labels) },
      )
    : t(
        "{count, plural, one {{labels} is kept in secret: only this member, their commander and your community's admins see it.} other {{labels} are kept in secret: only this member, their commander and your community's admins see them.}}",
        { count: labels.length, labels: formatList(labels) },
      );

/** The small lock after a private discipline's name; its meaning is in the note under the calendar. */
export function SecretLock({ discipline }: { discipline: Pick<DisciplineView, 'label' | 'isPrivate'> }) {
  const t = useT();
  if (!discipline.isPrivate) return null;
  return (
    <>
      {' '}
      <span className="sr-only">{t('(kept in secret)')}</span>
      <Lock className="ml-1 inline size-3.5 shrink-0 align-[-0.125em] text-muted-foreground" aria-hidden="true" />
    </>
  );
}

/** "Fasting is kept in secret: only you, …", when any shown discipline is private. */
export function SecretNote({ disciplines, isSelf }: { disciplines: readonly DisciplineView[]; isSelf: boolean }) {
  const t = useT();
  const labels = disciplines.filter((discipline) => discipline.isPrivate).map((discipline) => disciplineName(discipline.label));
  if (labels.length === 0) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>{secretNoteText(labels, isSelf, t)}</span>
    </p>
  );
}
