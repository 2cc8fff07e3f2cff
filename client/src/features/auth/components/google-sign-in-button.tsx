import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { GOOGLE_NOT_CONFIGURED_REASON, isFirebaseConfigured, preloadFirebase } from '@/lib/firebase';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path fill="#4285F4" d="M23.5 12.27c0-.85-.08-1.66-.22-2.45H12v4.63h6.46a5.52 5.52 0 0 1-2.4 3.62v3h3.88c2.27-2.09 3.56-5.17 3.56-8.8z" />
      <path fill="#34A853" d="M12 24c3.24 0 5.96-1.07 7.94-2.9l-3.88-3.01c-1.07.72-2.45 1.15-4.06 1.15-3.12 0-5.77-2.11-6.71-4.95H1.28v3.1A12 12 0 0 0 12 24z" />
      <path fill="#FBBC05" d="M5.29 14.29A7.2 7.2 0 0 1 4.91 12c0-.8.14-1.57.38-2.29v-3.1H1.28A12 12 0 0 0 0 12c0 1.94.46 3.77 1.28 5.39l4.01-3.1z" />
      <path fill="#EA4335" d="M12 4.77c1.76 0 3.34.6 4.59 1.8l3.44-3.44A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.28 6.61l4.01 3.1C6.23 6.88 8.88 4.77 12 4.77z" />
    </svg>
  );
}

/** 'Continue with Google'. Without Firebase settings it is disabled and says why. */
export function GoogleSignInButton({ idPrefix }: { idPrefix: string }) {
  const t = useT();
  const { googleMutation } = useAuth();
  const configured = isFirebaseConfigured();
  const reasonId = `${idPrefix}-google-reason`;
  useEffect(() => {
    if (configured) preloadFirebase();
  }, [configured]);
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        className="w-full"
        disabled={!configured || googleMutation.isPending}
        aria-describedby={configured ? undefined : reasonId}
        onClick={() => googleMutation.mutate()}
      >
        <GoogleLogo />
        {googleMutation.isPending ? t('Connecting to Google...') : t('Continue with Google')}
      </Button>
      {configured ? null : (
        <p id={reasonId} className="text-center text-xs text-muted-foreground">
          {t(GOOGLE_NOT_CONFIGURED_REASON)}
        </p>
      )}
    </div>
  );
}

export function OrDivider() {
  const t = useT();
  return (
    <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-muted-foreground" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      {t('or')}
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
