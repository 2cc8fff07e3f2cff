import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/i18n';
import { DeleteAccountDialog } from './delete-account-dialog';
import { DownloadMyDataButton } from '@/components/ui/download-button';

/** Profile's "Your data" (issue 39): take everything Steadfast holds about you with you, or erase it. */
export function YourDataCard({ hasPassword }: { hasPassword: boolean }) {
  const t = useT();
  return (
    <Card id="your-data">
      <CardHeader>
        <CardTitle className="text-lg">{t('Your data')}</CardTitle>
        <CardDescription>
          {t('Download one file with everything Steadfast holds about you, or delete your account.')}{' '}
          <Link href="/privacy" className="font-medium text-primary-700 underline-offset-2 hover:underline">
            {t('How we keep your data')}
          </Link>
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <DownloadMyDataButton />
        <DeleteAccountDialog hasPassword={hasPassword} />
      </CardContent>
    </Card>
  );
}
