import { useQueryClient } from '@tanstack/react-query';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@shared/domain/locales';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { USER_QUERY_KEY } from '@/lib/auth';
import { toastError } from '@/lib/notify';
import { useCommunity, useUpdateCommunity } from '../api';

/**
 * The community's default language (DECISIONS.md "Languages"): what members who never chose one read, their e-mails
 * too. "Each member's browser" leaves it to each browser. Saved as it is picked (Community Settings, the wizard's
 * first step); the moderator's own screens follow when they chose no language themselves.
 */
export function CommunityLanguageSetting({ communityId, id }: { communityId: string; id: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const community = useCommunity(communityId);
  const update = useUpdateCommunity(communityId);
  const data = community.data;
  const choose = (defaultLocale: Locale | null) => {
    if (!data) return;
    update.mutate(
      { name: data.name, description: data.description, defaultLocale },
      {
        onSuccess: () => {
          void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
          toast({ title: t('Community Updated'), description: t('The default language is saved.'), variant: 'success' });
        },
        onError: (error) => toastError(t('Could not save the default language'), error),
      },
    );
  };
  const value = update.isPending ? (update.variables.defaultLocale ?? '') : (data?.defaultLocale ?? '');
  return (
    <NativeSelect id={id} aria-describedby={`${id}-hint`} value={value} disabled={!data || update.isPending || Boolean(data.closesAt)} onChange={(event) => choose(isLocale(event.target.value) ? event.target.value : null)}>
      <option value="">{t("Each member's browser language")}</option>
      {LOCALES.map((locale) => (
        <option key={locale} value={locale} lang={locale}>
          {LOCALE_NAMES[locale]}
        </option>
      ))}
    </NativeSelect>
  );
}
