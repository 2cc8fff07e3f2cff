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
import { useAuth } from '@/lib/auth';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

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

/** What is kept and for how long: the numbers are the server's own (shared/domain/retention.ts). */
const KEPT: { what: string; how: string }[] = [
  { what: 'Your account, check-ins, targets, questions, meetings and reflections', how: 'Until you delete your account, or the community they belong to is closed.' },
  { what: 'Notifications (the bell)', how: `${days(NOTIFICATION_KEEP_DAYS)}, read or not.` },
  { what: 'The audit log (who changed what in a community)', how: `${days(AUDIT_KEEP_DAYS)}.` },
  { what: 'The days your commander marked "I\'ve reached out" to you', how: `${days(CARE_MARK_KEEP_DAYS)}.` },
  { what: 'Signed-in devices', how: `Signed out after ${days(SESSION_IDLE_DAYS)} without use, and forgotten then.` },
  {
    what: 'Links we e-mail (proving your address, resetting a password)',
    how: `They work once, for 24 hours at most (a reset link for 60 minutes), and are deleted ${days(EMAIL_LINK_KEEP_DAYS)} after they expire.`,
  },
  {
    what: 'E-mails and push messages we sent',
    how: `The text is erased as soon as it is sent; the note that a message went to an address is deleted after ${days(SENT_MAIL_KEEP_DAYS)}.`,
  },
  { what: 'An offer of imported history', how: `${days(HISTORY_OFFER_DAYS)} to answer it; deleted once declined or unanswered.` },
  { what: 'A community that is closed', how: `Read-only for ${days(CLOSING_DAYS)}, then erased with everything in it.` },
];

/** /privacy (public, signed in or out): who sees what, what leaves the app, what is kept and for how long, backups, and how to download or delete. */
export function PrivacyPage() {
  useDocumentTitle('How we keep your data');
  const { user } = useAuth();
  const back = user ? { href: '/', label: `Back to ${PRODUCT_NAME}` } : { href: '/auth', label: 'Back to sign in' };

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
          <h1 className="text-3xl font-semibold text-primary-900">How we keep your data</h1>
          <p className="text-muted-foreground">
            {PRODUCT_NAME} holds what you practise of your faith: your check-ins, your questions to your commander, your reflections. This page says, in plain words, who sees it,
            what leaves the app, how long it is kept, and how to take it with you or erase it.
          </p>
        </div>

        <Section id="privacy-who" title="Who sees what">
          <Points>
            <li>You see everything you wrote.</li>
            <li>
              The members of a community see each other&apos;s names and, without changing them, each other&apos;s check-ins and streaks for the community&apos;s disciplines.
            </li>
            <li>
              <strong>Your care circle</strong> is the commander of your subgroup (while they are a commander) and the community&apos;s admins. They read your month-end
              reflections, and they alone see the <strong>disciplines kept in secret</strong>: a community may keep some disciplines in secret, and then your days, streaks,
              targets and goals for them are seen only by you and your care circle.
            </li>
            <li>
              Your <strong>questions and meetings</strong> are seen only by you and those who may answer: the commander of your subgroup and the community&apos;s admins. A note
              from your commander is yours alone.
            </li>
            <li>
              The community&apos;s <strong>moderators and admins</strong> see the member list with e-mail addresses, roles and subgroups, the community&apos;s reports,
              applications to join, and the audit log of who changed what.
            </li>
          </Points>
        </Section>

        <Section id="privacy-sent" title="What is e-mailed or pushed">
          <p>
            An e-mail or a push to your phone carries a headline and a link into the app, and nothing more: the subject line of a question, the time of a meeting, who wrote you a
            note. The text of a question, an answer, a note or a reflection never leaves the app: a lock screen is public. You choose what reaches you, and when, under Profile →
            Notifications.
          </p>
          <p>We also e-mail the links that prove your address and reset your password. E-mail goes through the mail server of whoever runs this site, and pushes through your browser&apos;s push service.</p>
        </Section>

        <Section id="privacy-kept" title="What is kept, and for how long">
          <dl className="grid gap-3">
            {KEPT.map((row) => (
              <div key={row.what} className="grid gap-0.5 border-b border-border pb-3 last:border-b-0 last:pb-0 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4">
                <dt className="font-medium">{row.what}</dt>
                <dd className="text-muted-foreground">{row.how}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="privacy-backups" title="What backups hold">
          <p>
            A backup is a copy of everything the database held at the moment it was made. A deleted account, or an erased community, stays in the backups made before, until whoever
            runs this site deletes them: restoring an older backup would bring it back. Ask them how long they keep backups.
          </p>
        </Section>

        <Section id="privacy-yours" title="Download or delete your data">
          <Points>
            <li>
              <strong>Download my data</strong> (Profile): one file of everything {PRODUCT_NAME} holds about you.
            </li>
            <li>
              <strong>Delete my account</strong> (Profile, confirmed by your password): everything of yours is erased at once. Others keep only what was theirs: a question you
              answered as a commander stays with the member who asked it, shown as answered by &quot;a former member&quot;, and the audit log keeps what was done by &quot;a
              deleted account&quot;. If you are the only moderator of a community with other members, name another moderator or close the community first.
            </li>
            <li>
              A moderator may <strong>download a community</strong>: its settings, members, check-ins and targets, never questions, answers, notes or reflections.
            </li>
            <li>
              A moderator may <strong>close a community</strong>: it is read-only for {days(CLOSING_DAYS)} (every member is told, and can still download their data), may be
              reopened until then, and is then erased.
            </li>
          </Points>
        </Section>
      </main>
    </div>
  );
}
