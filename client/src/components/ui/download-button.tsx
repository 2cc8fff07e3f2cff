import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { downloadExport } from '@/lib/download';
import { toastError } from '@/lib/notify';

interface DownloadButtonProps extends Pick<ButtonProps, 'variant' | 'size'> {
  /** The export to ask for (GET), saved under the file name the server gives, else `fallbackName`. */
  url: string;
  fallbackName: string;
  label: string;
  pendingLabel: string;
  /** The toast once the file is on its way. */
  started: { title: string; description: string };
  /** The toast's title when the server refuses (its words below, e.g. the hour's limit). */
  failedTitle: string;
}

/** A button that downloads one of the server's JSON exports, saying so, and why not when refused. */
export function DownloadButton({ url, fallbackName, label, pendingLabel, started, failedTitle, variant = 'outline', size }: DownloadButtonProps) {
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadExport(url, fallbackName);
      toast(started);
    } catch (error) {
      toastError(failedTitle, error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant={variant} size={size} onClick={() => void download()} disabled={pending}>
      <Download aria-hidden="true" />
      {pending ? pendingLabel : label}
    </Button>
  );
}

export const USER_EXPORT_URL = '/api/user/export';

/** "Download my data" (issue 39): one JSON file of everything Steadfast holds about the signed-in person. */
export function DownloadMyDataButton(props: Pick<ButtonProps, 'variant' | 'size'>) {
  const t = useT();
  return (
    <DownloadButton
      {...props}
      url={USER_EXPORT_URL}
      fallbackName="steadfast.json"
      label={t('Download my data')}
      pendingLabel={t('Preparing your data...')}
      started={{ title: t('Your data is downloading'), description: t('One JSON file with everything Steadfast holds about you.') }}
      failedTitle={t('Could not download your data')}
    />
  );
}
