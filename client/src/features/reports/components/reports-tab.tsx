import ChartColumn from 'lucide-react/icons/chart-column';
import FileDown from 'lucide-react/icons/file-down';
import { Link } from 'wouter';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/i18n';
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
  const t = useT();
  const members = useMutation<CommunityMember[], Error, void>({ mutationFn: () => readAllMembers(communityId) });

  const generate = () =>
    members.mutate(undefined, {
      onSuccess: (list) => {
        if (list.length === 0) {
          toast({ title: t('No Data'), description: t('No member data available to generate report.'), variant: 'destructive' });
          return;
        }
        downloadCsv(memberReportFilename(), memberReportCsv(list));
        toast({
          title: t('Report Generated'),
          description: t('{count, plural, one {# member in the report.} other {# members in the report.}}', { count: list.length }),
          variant: 'success',
        });
      },
    });

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FileDown className="size-5 text-primary-600" aria-hidden="true" />
            {t('Member report')}
          </CardTitle>
          <CardDescription>{t("A CSV file with every member's name, e-mail, role and join date.")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {members.error ? <ErrorNote message={t('We could not load the members.')} onRetry={generate} /> : null}
          <Button className="justify-self-start" onClick={generate} disabled={members.isPending}>
            <FileDown aria-hidden="true" />
            {members.isPending ? t('Loading members...') : t('Generate Report')}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ChartColumn className="size-5 text-primary-600" aria-hidden="true" />
            {t('Progress reports')}
          </CardTitle>
          <CardDescription>{t("Completion by discipline and by member, month by month, with each member's trend.")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link href="/reports" className={buttonClasses({ variant: 'outline' })}>
            <ChartColumn aria-hidden="true" />
            {t('View Reports')}
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
