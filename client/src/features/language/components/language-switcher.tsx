import Languages from 'lucide-react/icons/languages';
import { isLocale } from '@shared/domain/locales';
import { activateLocale, useLocale, useT } from '@/i18n';
import { LanguageSelect } from './language-select';

/** The signed-out pages' language (/auth, /apply): the browser's at first, kept in this browser once picked. */
export function LanguageSwitcher() {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="flex w-48 items-center gap-2">
      <Languages className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <LanguageSelect label={t('Language')} value={isLocale(locale) ? locale : 'en'} onChange={(next) => void activateLocale(next, { remember: true })} />
      </div>
    </div>
  );
}
