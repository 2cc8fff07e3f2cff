import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Sparkles from 'lucide-react/icons/sparkles';
import { useT } from '@/i18n';
import type { NameAvailability } from '../api';

/** The live name-availability line under the name field (SPEC.md section 5 wording). */
export function NameAvailabilityMessage({ id, availability }: { id: string; availability: NameAvailability }) {
  const t = useT();
  const content = (() => {
    switch (availability.status) {
      case 'checking':
        return (
          <span className="text-muted-foreground">
            <LoaderCircle className="animate-spin" aria-hidden="true" />
            {t('Checking name availability...')}
          </span>
        );
      case 'available':
        return (
          <span className="text-success">
            <CircleCheck aria-hidden="true" />
            {t('Name is available!')}
          </span>
        );
      case 'taken':
        return (
          <span className="text-destructive">
            <CircleAlert aria-hidden="true" />
            {t('This name is already taken and cannot be claimed')}
          </span>
        );
      case 'claimable':
        return (
          <span className="text-accent-700">
            <Sparkles aria-hidden="true" />
            {t('This name has existing data that you can claim!')}
          </span>
        );
      case 'error':
        return (
          <span className="text-muted-foreground">
            <CircleAlert aria-hidden="true" />
            {availability.message}
          </span>
        );
      default:
        return null;
    }
  })();
  return (
    <p id={id} aria-live="polite" className="min-h-5 text-sm font-medium [&>span]:inline-flex [&>span]:items-center [&>span]:gap-1.5 [&_svg]:size-4">
      {content}
    </p>
  );
}
