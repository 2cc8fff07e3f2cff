import { LOCALE_NAMES, LOCALES, type Locale } from '@shared/domain/locales';
import { NativeSelect } from '@/components/ui/native-select';

/** The four languages, each named in itself (a reader finds their own whatever the page is shown in). */
export function LanguageSelect({ value, onChange, disabled, id, label }: { value: string; onChange: (locale: Locale) => void; disabled?: boolean; id?: string; label?: string }) {
  return (
    <NativeSelect id={id} aria-label={label} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Locale)}>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </NativeSelect>
  );
}
