import ExternalLink from 'lucide-react/icons/external-link';
import { buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { applyLink } from '../api';

/** The public apply link with Copy ('Link copied!') and Open (a new tab), for moderators to share. */
export function ApplyLink({ communityId }: { communityId: string }) {
  const t = useT();
  const link = applyLink(communityId);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">
        {t('Apply link')}
      </p>
      <code className="block break-all rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm">
        {link}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton
          text={link}
          label={t('Copy apply link')}
          copiedLabel={t('Link copied!')}
          onCopied={() => toast({ title: t('Link copied!'), description: t('Share it with people who would like to join.'), variant: 'success' })}
        >
          {t('Copy Link')}
        </CopyButton>
        <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline' })}>
          <ExternalLink aria-hidden="true" />
          {t('Open Apply Page')}
          <span className="sr-only"> {t('(opens in a new tab)')}</span>
        </a>
      </div>
    </div>
  );
}
