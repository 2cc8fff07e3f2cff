import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Brand } from '@/components/layout/brand';
import { Card } from '@/components/ui/card';

/** The frame of the pages reached from an e-mail or from Sign In: the brand, one card, a way back. */
export function AccountLinkLayout({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-start gap-6 px-4 py-10 sm:justify-center">
      <Link href="/auth" className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-primary-600">
        <Brand />
      </Link>
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold text-primary-900">{title}</h1>
        <div className="mt-4 grid gap-4">{children}</div>
      </Card>
      {footer}
    </main>
  );
}

/** A status line with an icon (success, waiting, or a problem), announced to screen readers. */
export function StatusNote({ tone, icon, children }: { tone: 'success' | 'muted' | 'error'; icon: ReactNode; children: ReactNode }) {
  const colours = { success: 'bg-success/10 text-success', muted: 'bg-muted text-muted-foreground', error: 'bg-destructive/10 text-destructive' }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex items-start gap-3 rounded-xl p-4 text-sm ${colours}`}>
      <span className="mt-0.5 shrink-0 [&>svg]:size-5">{icon}</span>
      <div className="min-w-0 break-words">{children}</div>
    </div>
  );
}
