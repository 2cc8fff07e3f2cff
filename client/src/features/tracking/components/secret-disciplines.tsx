import Lock from 'lucide-react/icons/lock';
import { useEffect, useId, useState } from 'react';
import type { DisciplineView } from '@shared/contracts/tracking';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote, LoadingRows } from '@/components/ui/states';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { msg, translateServerMessage, useT } from '@/i18n';
import { findApiError } from '@/lib/api-client';
import { useDisciplines, useSaveDisciplines } from '../api';
import { disciplineName } from '@/i18n/labels';

/** Why a discipline may be kept in secret, and who then sees it (issue 26). */
export const SECRET_DISCIPLINES_HELP = msg(
  '"When you fast … your Father who sees in secret will reward you" (Matthew 6:17-18). Only the member, their commander and the admins see the days, streak and figures of these.',
);

/** A "Kept in secret" switch per discipline: the setup wizard's step 3 and the admins' disciplines card. */
export function SecretDisciplineSwitches({ disciplines, secret, onToggle, disabled }: { disciplines: readonly { key: string; label: string }[]; secret: readonly string[]; onToggle: (key: string, on: boolean) => void; disabled?: boolean }) {
  const t = useT();
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {disciplines.map((discipline) => (
        <li key={discipline.key} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
          <span className="min-w-0 break-words text-sm font-medium">{disciplineName(discipline.label)}</span>
          <Switch checked={secret.includes(discipline.key)} disabled={disabled} aria-label={t('Keep {discipline} in secret', { discipline: disciplineName(discipline.label) })} onCheckedChange={(on) => onToggle(discipline.key, on)} />
        </li>
      ))}
    </ul>
  );
}

/** Administration > Community Settings: which of the community's disciplines are kept in secret. */
export function SecretDisciplinesCard({ communityId }: { communityId: string }) {
  const t = useT();
  const id = useId();
  const disciplines = useDisciplines(communityId);
  const save = useSaveDisciplines(communityId);
  const stored = (disciplines.data ?? []).filter((discipline) => discipline.isPrivate).map((discipline) => discipline.key);
  const [secret, setSecret] = useState<string[] | null>(null);
  const chosen = secret ?? stored;
  // A change saved elsewhere (another admin, the wizard) shows here once read again.
  useEffect(() => setSecret(null), [disciplines.data]);
  const changed = secret !== null && [...secret].sort().join() !== [...stored].sort().join();

  const submit = () => {
    const templates: DisciplineView[] = (disciplines.data ?? []).map((discipline) => ({ ...discipline, isPrivate: chosen.includes(discipline.key) }));
    save.mutate(templates, {
      onSuccess: () => toast({ title: t('Disciplines saved'), description: t('Who sees each discipline has been updated.'), variant: 'success' }),
      onError: (error) => toast({ title: t('Could not save'), description: translateServerMessage(findApiError(error)?.serverMessage) ?? t('Check your connection and try again.'), variant: 'destructive' }),
    });
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`} className="flex items-center gap-2">
          <Lock className="size-5 text-primary-600" aria-hidden="true" />
          {t('Disciplines kept in secret')}
        </CardTitle>
        <CardDescription>{t(SECRET_DISCIPLINES_HELP)}</CardDescription>
      </CardHeader>
      <CardContent>
        {disciplines.error ? (
          <ErrorNote message={t('We could not load the disciplines.')} onRetry={() => void disciplines.refetch()} />
        ) : disciplines.isPending ? (
          <LoadingRows rows={3} label={t('Loading the disciplines')} />
        ) : (
          <SecretDisciplineSwitches
            disciplines={disciplines.data}
            secret={chosen}
            disabled={save.isPending}
            onToggle={(key, on) => setSecret(on ? [...chosen, key] : chosen.filter((each) => each !== key))}
          />
        )}
      </CardContent>
      <CardFooter className="justify-end">
        <Button type="button" onClick={submit} disabled={!changed || save.isPending}>
          {save.isPending ? t('Saving…') : t('Save')}
        </Button>
      </CardFooter>
    </Card>
  );
}
