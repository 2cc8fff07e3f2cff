import CircleAlert from 'lucide-react/icons/circle-alert';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/components/layout/page-header';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-3">
          <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-semibold">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">Go to the dashboard</Link>
        </Button>
      </Card>
    </main>
  );
}
