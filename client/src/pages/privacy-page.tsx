import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CLOSING_DAYS } from '@shared/domain/community-closing';
import { PRODUCT_NAME } from '@shared/domain/constants';
import {
  AUDIT_KEEP_DAYS,
  CARE_MARK_KEEP_DAYS,
  EMAIL_LINK_KEEP_DAYS,
  HISTORY_OFFER_DAYS,
  NOTIFICATION_KEEP_DAYS,
  SENT_MAIL_KEEP_DAYS,
  SESSION_IDLE_DAYS,
} from '@shared/domain/retention';
import { Brand } from '@/components/layout/brand';
import { useDocumentTitle } from '@/components/layout/page-header';
import { Card } from '@/components/ui/card';
import { msg, Trans, useT } from '@/i18n';
import { useAuth } from '@/lib/auth';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={id} role="region">
      <h2 id={id} className="text-xl font-semibold text-primary-900">
        {title}
      </h2>
      <div className="mt-3 grid gap-3 text-sm leading-relaxed text-foreground sm:text-base">{children}</div>
    </Card>
  );
}

function Points({ children }: { children: ReactNode }) {
  return <ul className="grid list-disc gap-2 pl-5 marker:text-muted-foreground">{children}</ul>;
}

/** What is kept and for how long: the numbers are the server's own (shared/domain/retention.ts), `{days}` in `how`. */
const KEPT: { what: string; how: string; days?: number }[] = [
  { what: msg('Your account, check-ins, targets, questions, meetings and reflections'), how: msg('Until you delete your account, or the community they belong to is closed.') },
  { what: msg('Notifications (the bell)'), how: msg('{days, plural, one {# day} other {# days}}, read or not.'), days: NOTIFICATION_KEEP_DAYS },
  { what: msg('The audit log (who changed what in a community)'), how: msg('{days, plural, one {# day} other {# days}}.'), days: AUDIT_KEEP_DAYS },
  { what: msg('The days your commander marked "I\'ve reached out" to you'), how: msg('{days, plural, one {# day} other {# days}}.'), days: CARE_MARK_KEEP_DAYS },
  { what: msg('Signed-in devices'), how: msg('Signed out after {days, plural, one {# day} other {# days}} without use, and forgotten then.'), days: SESSION_IDLE_DAYS },
  {
    what: msg('Links we e-mail (proving your address, resetting a password)'),
    how: msg('They work once, for 24 hours at most (a reset link for 60 minutes), and are deleted {days, plural, one {# day} other {# days}} after they expire.'),
    days: EMAIL_LINK_KEEP_DAYS,
  },
  {
    what: msg('E-mails and push messages we sent'),
    how: msg('The text is erased as soon as it is sent; the note that a message went to an address is deleted after {days, plural, one {# day} other {# days}}.'),
    days: SENT_MAIL_KEEP_DAYS,
  },
  { what: msg('An offer of imported history'), how: msg('{days, plural, one {# day} other {# days}} to answer it; deleted once declined or unanswered.'), days: HISTORY_OFFER_DAYS },
  { what: msg('A community that is closed'), how: msg('Read-only for {days, plural, one {# day} other {# days}}, then erased with everything in it.'), days: CLOSING_DAYS },
];

/** /privacy (public, signed in or out): who sees what, what leaves the app, what is kept and for how long, backups, and how to download or delete. */
export function PrivacyPage() {
  const t = useT();
  useDocumentTitle(t('How we keep your data'));
  const { user } = useAuth();
  const back = user ? { href: '/', label: t('Back to {product}', { product: PRODUCT_NAME }) } : { href: '/auth', label: t('Back to sign in') };
  const strong = <strong />;

  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-4 sm:px-6">
          <Brand />
          <Link href={back.href} className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline">
            <ArrowLeft className="size-4" aria-hidden="true" />
            {back.label}
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:px-6">
        <div className="grid gap-2">
          <h1 className="text-3xl font-semibold text-primary-900">{t('How we keep your data')}</h1>
          <p className="text-muted-foreground">
            {t(
              '{product} holds what you practise of your faith: your check-ins, your questions to your commander, your reflections. This page says, in plain words, who sees it, what leaves the app, how long it is kept, and how to take it with you or erase it.',
              { product: PRODUCT_NAME },
            )}
          </p>
        </div>

        <Section id="privacy-who" title={t('Who sees what')}>
          <Points>
            <li>{t('You see everything you wrote.')}</li>
            <li>
              {t(
                "The members of a community see each other's names and, without changing them, each other's check-ins and streaks for the community's disciplines.",
              )}
            </li>
            <li>
              <Trans
                id="<0>Your care circle</0> is the commander of your subgroup (while they are a commander) and the community's admins. They read your month-end reflections, and they alone see the <1>disciplines kept in secret</1>: a community may keep some disciplines in secret, and then your days, streaks, targets and goals for them are seen only by you and your care circle."
                components={{ 0: strong, 1: strong }}
              />
            </li>
            <li>
              <Trans
                id="Your <0>questions and meetings</0> are seen only by you and those who may answer: the commander of your subgroup and the community's admins. A note from your commander is yours alone."
                components={{ 0: strong }}
              />
            </li>
            <li>
              <Trans
                id="The community's <0>moderators and admins</0> see the member list with e-mail addresses, roles and subgroups, the community's reports, applications to join, and the audit log of who changed what."
                components={{ 0: strong }}
              />
            </li>
          </Points>
        </Section>

        <Section id="privacy-sent" title={t('What is e-mailed or pushed')}>
          <p>
            {t(
              'An e-mail or a push to your phone carries a headline and a link into the app, and nothing more: the subject line of a question, the time of a meeting, who wrote you a note. The text of a question, an answer, a note or a reflection never leaves the app: a lock screen is public. You choose what reaches you, and when, under Profile → Notifications.',
            )}
          </p>
          <p>
            {t(
              "We also e-mail the links that prove your address and reset your password. E-mail goes through the mail server of whoever runs this site, and pushes through your browser's push service.",
            )}
          </p>
        </Section>

        <Section id="privacy-kept" title={t('What is kept, and for how long')}>
          <dl className="grid gap-3">
            {KEPT.map((row) => (
              <div key={row.what} className="grid gap-0.5 border-b border-border pb-3 last:border-b-0 last:pb-0 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
                <dt className="font-medium">{t(row.what)}</dt>
                <dd className="text-muted-foreground">{t(row.how, { days: row.days })}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="privacy-backups" title={t('What backups hold')}>
          <p>
            {t(
              'A backup is a copy of everything the database held at the moment it was made. A deleted account, or an erased community, stays in the backups made before, until whoever runs this site deletes them: restoring an older backup would bring it back. Ask them how long they keep backups.',
            )}
          </p>
        </Section>

        <Section id="privacy-yours" title={t('Download or delete your data')}>
          <Points>
            <li>
              <Trans
                id="<0>Download my data</0> (Profile): one file of everything {product} holds about you."
                values={{ product: PRODUCT_NAME }}
                components={{ 0: strong }}
              />
            </li>
            <li>
              <Trans
                id='<0>Delete my account</0> (Profile, confirmed by your password): everything of yours is erased at once. Others keep only what was theirs: a question you answered as a commander stays with the member who asked it, shown as answered by "a former member", and the audit log keeps what was done by "a deleted account". If you are the only moderator of a community with other members, name another moderator or close the community first.'
                components={{ 0: strong }}
              />
            </li>
            <li>
              <Trans
                id="A moderator may <0>download a community</0>: its settings, members, check-ins and targets, never questions, answers, notes or reflections."
                components={{ 0: strong }}
              />
            </li>
            <li>
              <Trans
                id="A moderator may <0>close a community</0>: it is read-only for {days, plural, one {# day} other {# days}} (every member is told, and can still download their data), may be reopened until then, and is then erased."
                values={{ days: CLOSING_DAYS }}
                components={{ 0: strong }}
              />
            </li>
          </Points>
        </Section>
      </main>
    </div>
  );
}
