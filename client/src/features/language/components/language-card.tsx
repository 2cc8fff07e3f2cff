import type { PublicUser } from '@shared/contracts/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { useT } from '@/i18n';
import { toastError } from '@/lib/notify';
import { useChooseLocale } from '../api';
import { LanguageSelect } from './language-select';

/** Profile: the language the app speaks to this member in (PUT /api/user/locale). */
export function LanguageCard({ user }: { user: PublicUser }) {
  const t = useT();
  const choose = useChooseLocale();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('Language')}</CardTitle>
        <CardDescription>
          {user.localeChosen ? t('Steadfast speaks to you in the language you chose.') : t("Until you choose, Steadfast follows your community's default language, else your browser's.")}
        </CardDescription>
      </CardHeader>
      <CardContent className="max-w-xs space-y-2">
        <Label htmlFor="profile-language">{t('Language')}</Label>
        <LanguageSelect
          id="profile-language"
          value={choose.isPending && choose.variables ? choose.variables : user.locale}
          disabled={choose.isPending}
          onChange={(locale) => choose.mutate(locale, { onError: (error) => toastError(t('Could not change the language'), error) })}
        />
      </CardContent>
    </Card>
  );
}
