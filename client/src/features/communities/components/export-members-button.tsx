import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import type { MemberExportRow } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
import { apiRequest } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { membersCsv, membersCsvFilename } from '../export';

/**
 * 'Export to CSV': the member rows of GET /api/export/csv (the current community, sent as X-Community-Id,
 * with this month's targets) written as a CSV with the columns of SPEC.md section 9.
 */
export function ExportMembersButton({ communityName }: { communityName: string }) {
  const t = useT();
  const [exporting, setExporting] = useState(false);

  const exportMembers = async () => {
    setExporting(true);
    try {
      const members = (await (await apiRequest('GET', '/api/export/csv')).json()) as MemberExportRow[];
      downloadCsv(membersCsvFilename(communityName), membersCsv(members));
      toast({
        title: t('Export Successful'),
        description: t('{count, plural, one {# member exported.} other {# members exported.}}', { count: members.length }),
        variant: 'success',
      });
    } catch (error) {
      console.error('Member export failed', error);
      toast({ title: t('Export Failed'), description: t('Failed to export member data'), variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void exportMembers()} disabled={exporting}>
      <Download aria-hidden="true" />
      {exporting ? t('Exporting...') : t('Export to CSV')}
    </Button>
  );
}
