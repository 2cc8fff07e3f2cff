import ChartColumn from 'lucide-react/icons/chart-column';
import FileDown from 'lucide-react/icons/file-down';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { downloadCsv } from '@/lib/csv';
import { useMutation } from '@tanstack/react-query';
import type { CommunityMember } from '@shared/contracts/communities';
import { readAllMembers } from '@/features/communities/api';
import { memberReportCsv, memberReportFilename } from '../report-csv';

/**
 * Administration > Reports: the member report as a CSV file, and the way to /reports. The members are
 * read when the report is asked for, a page at a time, not when the tab opens.
 */
export function ReportsTab({ communityId }: { communityId: string }) {
  const members = useMutation<CommunityMember[], Error, void>({ mutationFn: () => readAllMembers(communityId) });

  const generate = () =>
    members.mutate(undefined, {
      onSuccess: (list) => {
        if (list.length === 0) {
          toast({ title: 'No Data', description: 'No member data available to generate report.', variant: 'destructive' });
          return;
        }
        downloadCsv(memberReportFilename(), memberReportCsv(list));
        toast({ title: 'Report Generated', description: `${list.length} ${list.length === 1 ? 'member' : 'members'} in the report.`, variant: 'success' });
      },
    });

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileDown className="size-5 text-primary-600" aria-hidden="true" />
            Member report
          </CardTitle>
          <CardDescription>A CSV file with every member's name, e-mail, role and join date.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {members.error ? <ErrorNote message="We could not load the members." onRetry={generate} /> : null}
          <Button className="justify-self-start" onClick={generate} disabled={members.isPending}>
            <FileDown aria-hidden="true" />
            {members.isPending ? 'Loading members...' : 'Generate Report'}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ChartColumn className="size-5 text-primary-600" aria-hidden="true" />
            Progress reports
          </CardTitle>
          <CardDescription>Completion by discipline and by member, month by month, with each member's trend.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/reports" className={buttonClasses({ variant: 'outline' })}>
            <ChartColumn aria-hidden="true" />
            View Reports
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
