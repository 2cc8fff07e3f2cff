import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** A dashboard card whose content arrives with its own issue (Recent Questions, Upcoming Meetings). */
export function ComingSoonCard({ title, icon, children, href, linkText }: { title: string; icon: ReactNode; children: ReactNode; href: string; linkText: string }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          {icon}
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm text-muted-foreground">
        <p>{children}</p>
        <Link href={href} className="w-fit font-medium text-primary-700 underline-offset-4 hover:underline">
          {linkText}
        </Link>
      </CardContent>
    </Card>
  );
}
