import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { downloadExport } from '../download-export';

export const USER_EXPORT_URL = '/api/user/export';

/** "Download my data" (issue 39): one JSON file of everything Steadfast holds about the signed-in person. */
export function DownloadMyDataButton({ variant = 'outline', size }: Pick<ButtonProps, 'variant' | 'size'>) {
  const { toast } = useToast();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadExport(USER_EXPORT_URL, 'steadfast.json');
      toast({ title: 'Your data is downloading', description: 'One JSON file with everything Steadfast holds about you.' });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not download your data', description: errorMessage(error, 'Please try again.') });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant={variant} size={size} onClick={() => void download()} disabled={pending}>
      <Download aria-hidden="true" />
      {pending ? 'Preparing your data...' : 'Download my data'}
    </Button>
  );
}
