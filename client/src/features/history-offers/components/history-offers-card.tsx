import History from 'lucide-react/icons/history';
import { useState } from 'react';
import type { HistoryOfferView } from '@shared/contracts/imported-members';
import { AlertDialog, ConfirmDialogContent } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { type Translate, translateMessage, useT } from '@/i18n';
import { formatLongDate } from '@/lib/dates';
import { toastError } from '@/lib/notify';
import { type OfferAnswer, useAnswerHistoryOffer, useHistoryOffers } from '../api';

type OfferSize = Pick<HistoryOfferView, 'months' | 'days' | 'communityName'>;

const offerValues = (offer: OfferSize) => ({ months: offer.months, days: offer.days, community: offer.communityName });

/** What an offer brings, in words: '2 months, 31 days of history in Grace Fellowship'. */
export function offerSummary(offer: OfferSize, t: Translate): string {
  return t('{months, plural, one {# month} other {# months}}, {days, plural, one {# day} other {# days}} of history in {community}', offerValues(offer));
}

/**
 * History an admin offered the member (issue 38 item 7): nothing of their log changes until they accept it here.
 * Shown only while there is an offer to answer.
 */
export function HistoryOffersCard() {
  const t = useT();
  const offers = useHistoryOffers();
  const answer = useAnswerHistoryOffer();
  const [accepting, setAccepting] = useState<HistoryOfferView | null>(null);

  const send = (offer: HistoryOfferView, what: OfferAnswer) =>
    answer.mutate(
      { id: offer.id, answer: what },
      {
        onSuccess: (result) => {
          setAccepting(null);
          toast({ title: what === 'accept' ? t('History Added') : t('Offer Declined'), description: translateMessage(result.message), variant: 'success' });
        },
        onError: (error) => {
          setAccepting(null);
          toastError(what === 'accept' ? t('History was not added') : t('Offer was not declined'), error);
        },
      },
    );

  if (offers.error) return <ErrorNote message={t('Offers of imported history could not be loaded.')} onRetry={() => void offers.refetch()} />;
  if (!offers.data || offers.data.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <History className="size-5 shrink-0 text-primary-700" aria-hidden="true" />
          {t('History offered to you')}
        </CardTitle>
        <CardDescription>
          {t('An administrator found history imported from a spreadsheet that they believe is yours. Nothing changes in your log unless you accept it.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {offers.data.map((offer) => (
            <li key={offer.id} className="grid gap-3 rounded-xl border border-border p-4 sm:grid-cols-[1fr_auto] sm:items-center">
              <div className="grid min-w-0 gap-1">
                <p className="font-medium [overflow-wrap:anywhere]">{offerSummary(offer, t)}</p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {offer.offeredBy
                    ? t('Offered by {name} on {date}; open until {until}.', { name: offer.offeredBy, date: formatLongDate(offer.createdAt), until: formatLongDate(offer.expiresAt) })
                    : t('Offered by a former administrator on {date}; open until {until}.', { date: formatLongDate(offer.createdAt), until: formatLongDate(offer.expiresAt) })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" className="min-h-11 flex-1 sm:flex-none" disabled={answer.isPending} onClick={() => setAccepting(offer)}>
                  {t('Accept')}
                </Button>
                <Button size="sm" variant="outline" className="min-h-11 flex-1 sm:flex-none" disabled={answer.isPending} onClick={() => send(offer, 'decline')}>
                  {answer.isPending && answer.variables?.id === offer.id && answer.variables.answer === 'decline' ? t('Declining...') : t('Decline')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <AlertDialog open={accepting !== null} onOpenChange={(open) => (open || answer.isPending ? undefined : setAccepting(null))}>
        <ConfirmDialogContent
          title={t('Add this history to your log?')}
          description={
            accepting
              ? t(
                  '{months, plural, one {# month} other {# months}}, {days, plural, one {# day} other {# days}} of history in {community} join your own log. Days you logged yourself stay as you logged them, and a role the record held (at most Commander) comes with it. This cannot be undone.',
                  offerValues(accepting),
                )
              : null
          }
          confirmLabel={t('Add to my log')}
          pendingLabel={t('Adding...')}
          pending={answer.isPending}
          onConfirm={() => accepting && send(accepting, 'accept')}
        />
      </AlertDialog>
    </Card>
  );
}
