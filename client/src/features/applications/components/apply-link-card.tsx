import ExternalLink from 'lucide-react/icons/external-link';
import { buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { toast } from '@/components/ui/use-toast';
import { applyLink } from '../api';

/** The public apply link with Copy ('Link copied!') and Open (a new tab), for moderators to share. */
export function ApplyLink({ communityId }: { communityId: string }) {
  const link = applyLink(communityId);
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">
        Apply link
      </p>
      <code className="block break-all rounded-lg border border-border bg-muted px-3 py-2 font-mono text-sm">
        {link}
      </code>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={link} label="Copy apply link" copiedLabel="Link copied!" onCopied={() => toast({ title: 'Link copied!', description: 'Share it with people who would like to join.', variant: 'success' })}>
          Copy Link
        </CopyButton>
        <a href={link} target="_blank" rel="noopener noreferrer" className={buttonClasses({ variant: 'outline' })}>
          <ExternalLink aria-hidden="true" />
          Open Apply Page
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </div>
  );
}
