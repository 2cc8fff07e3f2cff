import Download from 'lucide-react/icons/download';
import { useState } from 'react';
import type { MemberExportRow } from '@shared/contracts/communities';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { downloadCsv } from '@/lib/csv';
import { membersCsv, membersCsvFilename } from '../export';

/**
 * 'Export to CSV': the member rows of GET /api/export/csv (the current community, sent as X-Community-Id,
 * with this month's targets) written as a CSV with the columns of SPEC.md section 9.
 */
export function ExportMembersButton({ communityName }: { communityName: string }) {
  const [exporting, setExporting] = useState(false);

  const exportMembers = async () => {
    setExporting(true);
    try {
      const members = (await (await apiRequest('GET', '/api/export/csv')).json()) as MemberExportRow[];
      downloadCsv(membersCsvFilename(communityName), membersCsv(members));
      toast({ title: 'Export Successful', description: `${members.length} ${members.length === 1 ? 'member' : 'members'} exported.`, variant: 'success' });
    } catch (error) {
      console.error('Member export failed', error);
      toast({ title: 'Export Failed', description: 'Failed to export member data', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outline" onClick={() => void exportMembers()} disabled={exporting}>
      <Download aria-hidden="true" />
      {exporting ? 'Exporting...' : 'Export to CSV'}
    </Button>
  );
}
