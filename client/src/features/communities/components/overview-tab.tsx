import ChartPie from 'lucide-react/icons/chart-pie';
import MessageCircleQuestion from 'lucide-react/icons/message-circle-question';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '@/components/ui/card';
import { useT } from '@/i18n';
import { useCommunityStats } from '../api';
import { QueryFailure } from './community-state';

function StatCard({ label, value, icon: Icon, loading, hint }: { label: string; value: string; icon: LucideIcon; loading: boolean; hint?: string }) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} className="flex items-center gap-4 p-5" aria-busy={loading || undefined}>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-50 text-primary-700">
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <div className="grid min-w-0">
        <span id={id} className="text-sm text-muted-foreground">
          {label}
        </span>
        <span className="text-2xl font-semibold tabular-nums">{loading ? '…' : value}</span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </div>
    </Card>
  );
}

/** Overview: the community's numbers (GET /api/communities/{id}/stats) and, for admins, what the page adds (Recent Activity). */
export function OverviewTab({ communityId, more }: { communityId: string; more?: ReactNode }) {
  const t = useT();
  const stats = useCommunityStats(communityId);
  if (stats.error) return <QueryFailure error={stats.error} onRetry={() => void stats.refetch()} fallback={t("We could not load the community's numbers.")} />;
  const data = stats.data;
  const loading = stats.isPending;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          label={t('Total Members')}
          value={String(data?.totalMembers ?? 0)}
          icon={Users}
          loading={loading}
          hint={
            data && data.importedUnclaimed > 0
              ? t('{count, plural, one {# imported, not yet claimed} other {# imported, not yet claimed}}', { count: data.importedUnclaimed })
              : undefined
          }
        />
        <StatCard label={t('Active Commanders')} value={String(data?.totalCommanders ?? 0)} icon={ShieldCheck} loading={loading} />
        <StatCard
          label={t('Avg. Completion')}
          value={`${Math.round(data?.avgCompletion ?? 0)}%`}
          icon={ChartPie}
          loading={loading}
          hint={t("Members' mean progress this month")}
        />
        <StatCard label={t('Open Questions')} value={String(data?.openQuestions ?? 0)} icon={MessageCircleQuestion} loading={loading} />
      </div>
      {more}
    </div>
  );
}
