import CalendarCheck from 'lucide-react/icons/calendar-check';
import HeartHandshake from 'lucide-react/icons/heart-handshake';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/domain/constants';
import { BrandMark } from '@/components/layout/brand';
import { msg, useT } from '@/i18n';

const POINTS = [
  { icon: CalendarCheck, title: msg('Daily discipline tracking'), text: msg('Bible reading, prayer, fasting and more, one faithful day at a time.') },
  { icon: ShieldCheck, title: msg('Commander guidance'), text: msg('Ask your commander questions and book time to talk things through.') },
  { icon: HeartHandshake, title: msg('Community support'), text: msg('Walk with an invitation-only community that keeps you encouraged.') },
] as const;

/** The side panel of /auth that presents Steadfast. */
export function AuthHero() {
  const t = useT();
  return (
    <section
      aria-labelledby="auth-hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-primary-900 via-primary-800 to-primary-700 px-6 py-6 text-primary-foreground sm:px-10 sm:py-10 lg:flex lg:min-h-dvh lg:flex-col lg:justify-center lg:px-14"
    >
      <div aria-hidden="true" className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-accent/20 blur-3xl" />
      <div className="relative mx-auto w-full max-w-md">
        <div className="flex items-center gap-3">
          <BrandMark className="size-11" />
          <div>
            <h1 id="auth-hero-title" className="text-3xl font-semibold">
              {PRODUCT_NAME}
            </h1>
            <p className="text-sm font-medium uppercase tracking-[0.18em] text-accent-200">{t(PRODUCT_TAGLINE)}</p>
          </div>
        </div>
        {/* On phones the quote and the details give way, so the form is on the first screen. */}
        <p className="mt-6 hidden font-display text-2xl leading-relaxed text-primary-100 sm:block">
          {t('“Continue steadfastly in prayer.” Grow in faith, one day at a time, together.')}
        </p>
        <ul className="mt-5 grid gap-2.5 sm:mt-8 sm:gap-5">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-center gap-3 sm:items-start sm:gap-4">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-white/10 ring-1 ring-white/15 sm:size-10 sm:rounded-xl">
                <Icon className="size-5 text-accent-200" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">{t(title)}</p>
                <p className="hidden text-sm text-primary-100/90 sm:block">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
