import { PRODUCT_TAGLINE } from '@shared/domain/constants';
import { Brand } from '@/components/layout/brand';
import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** Public: the application form for prospective members arrives with its issue. */
export function ApplyPage() {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-4 sm:px-6">
          <Brand />
          <span className="text-sm text-muted-foreground">{PRODUCT_TAGLINE}</span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <PagePlaceholder title="Apply to Join" description="Tell a community about yourself and your walk of faith." />
      </main>
    </div>
  );
}
