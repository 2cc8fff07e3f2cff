import HandHeart from 'lucide-react/icons/hand-heart';
import NotebookPen from 'lucide-react/icons/notebook-pen';
import { useId, useState } from 'react';
import { PRAYER_REPLY, REFLECTION_REPLY_MAX, type ReflectionView } from '@shared/contracts/care';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { EmptyNote, ErrorNote, LoadingRows, loadFailureMessage } from '@/components/ui/states';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { findApiError } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useAcknowledgeReflection, useReflection } from '../api';
import { REFLECTION_PARTS, ReflectionDialog } from './reflection-dialog';

interface ReflectionCardProps {
  communityId: string;
  /** The member on screen; null while unknown. */
  member: { id: string; displayName: string } | null;
  isSelf: boolean;
  /** Whether the viewer belongs to the community (writing one's own needs it). */
  isMember: boolean;
  period: { year: number; month: number };
  /** 'October 2026'. */
  label: string;
}

/**
 * A month's reflection beside its calendar (My Tracking, a month that has ended): the member's own (write,
 * and edit until acknowledged) or, to their commander and admins, a member's with its reply. Anyone else
 * is answered 404 and the card is not shown.
 */
export function ReflectionCard({ communityId, member, isSelf, isMember, period, label }: ReflectionCardProps) {
  const t = useT();
  const reflection = useReflection(communityId, period, isSelf ? null : (member?.id ?? null), member !== null);
  const [writing, setWriting] = useState(false);
  const titleId = useId();
  if (findApiError(reflection.error)?.status === 404) return null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-4">
        <CardTitle id={titleId} className="flex items-center gap-2">
          <NotebookPen className="size-5 text-accent-600" aria-hidden="true" />
          {t('Reflection on {month}', { month: label })}
        </CardTitle>
        <CardDescription>
          {isSelf
            ? t('Your look back on the month, for your commander.')
            : member
              ? t("{name}'s look back on the month.", { name: member.displayName })
              : t("The member's look back on the month.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {reflection.error ? (
          <ErrorNote message={loadFailureMessage(t('Could not load the reflection.'), reflection.error)} onRetry={() => void reflection.refetch()} />
        ) : reflection.isPending ? (
          <LoadingRows rows={2} label={t('Loading the reflection')} />
        ) : reflection.data === null ? (
          isSelf && isMember ? (
            <div className="grid gap-3">
              <p className="text-sm text-muted-foreground">{t('What helped, what was hard, and what you would like prayer for: a few lines for your commander.')}</p>
              <Button className="justify-self-start" onClick={() => setWriting(true)}>
                {t('Write a reflection')}
              </Button>
            </div>
          ) : (
            <EmptyNote>
              {isSelf
                ? t('No reflection on this month.')
                : member
                  ? t('{name} has not written a reflection on {month}.', { name: member.displayName, month: label })
                  : t('The member has not written a reflection on {month}.', { month: label })}
            </EmptyNote>
          )
        ) : (
          <ReflectionBodyView
            communityId={communityId}
            reflection={reflection.data}
            isSelf={isSelf}
            onEdit={isSelf && !reflection.data.acknowledgedAt ? () => setWriting(true) : undefined}
          />
        )}
      </CardContent>
      <ReflectionDialog communityId={communityId} period={writing ? { ...period, label } : null} existing={reflection.data ?? null} onClose={() => setWriting(false)} />
    </Card>
  );
}

export function ReflectionBodyView({ communityId, reflection, isSelf, onEdit }: { communityId: string; reflection: ReflectionView; isSelf: boolean; onEdit?: () => void }) {
  const t = useT();
  return (
    <>
      <dl className="grid gap-3">
        {REFLECTION_PARTS.filter((part) => reflection[part.key]).map((part) => (
          <div key={part.key} className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">{t(part.label)}</dt>
            <dd className="whitespace-pre-line break-words">{reflection[part.key]}</dd>
          </div>
        ))}
      </dl>
      {reflection.acknowledgedAt ? (
        <div className="grid gap-1 rounded-xl border border-accent-200 bg-accent-50 p-3">
          <p className="text-sm font-medium">{reflection.acknowledgedByName ? t('{name} replied', { name: reflection.acknowledgedByName }) : t('Your commander replied')}</p>
          <p className="whitespace-pre-line break-words">{reflection.reply}</p>
        </div>
      ) : isSelf ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">{t('Waiting for your commander. You can change it until they reply.')}</p>
          {onEdit ? (
            <Button variant="outline" size="sm" className="min-h-11" onClick={onEdit}>
              {t('Edit')}
            </Button>
          ) : null}
        </div>
      ) : (
        <AcknowledgeForm communityId={communityId} reflection={reflection} />
      )}
    </>
  );
}

/** One tap's reply: words first, so it reads where no emoji font is installed. */

/** The commander's (or an admin's) one reply: a few words, or a prayer. */
export function AcknowledgeForm({ communityId, reflection }: { communityId: string; reflection: ReflectionView }) {
  const t = useT();
  const id = useId();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const acknowledge = useAcknowledgeReflection(communityId);
  const send = (text: string) => {
    if (!text.trim()) {
      setError(msg('Please write a short reply, or send a prayer.'));
      return;
    }
    setError(null);
    acknowledge.mutate(
      { reflectionId: reflection.id, reply: text.trim() },
      {
        onSuccess: () => toast({ title: t('Reply Sent'), description: t('{name} will see it beside the month.', { name: reflection.displayName }), variant: 'success' }),
        onError: (failure) => {
          const field = findApiError(failure)?.fields?.reply;
          if (field) setError(field);
          else toastError(t('Could not send'), failure, t('Please try again.'));
        },
      },
    );
  };
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        send(reply);
      }}
    >
      <FormField id={`${id}-reply`} label={t('Reply to {name}', { name: reflection.displayName })} error={error ?? undefined}>
        <Textarea {...fieldProps(`${id}-reply`, { error: error ?? undefined })} rows={2} maxLength={REFLECTION_REPLY_MAX} value={reply} onChange={(event) => setReply(event.target.value)} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" className="min-h-11" disabled={acknowledge.isPending}>
          {acknowledge.isPending ? t('Sending...') : t('Send Reply')}
        </Button>
        <Button type="button" variant="outline" size="sm" className="min-h-11" aria-label={t('Reply with a prayer')} disabled={acknowledge.isPending} onClick={() => send(t(PRAYER_REPLY))}>
          <HandHeart aria-hidden="true" />
          {t('Praying')}
        </Button>
      </div>
    </form>
  );
}
