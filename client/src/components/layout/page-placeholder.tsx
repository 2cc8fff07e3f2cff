import Sparkles from 'lucide-react/icons/sparkles';
import { Card } from '@/components/ui/card';
import { PageHeader } from './page-header';

/** A titled screen whose content arrives with its own issue. */
export function PagePlaceholder({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <Card className="flex items-start gap-4 p-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600">
          <Sparkles className="size-5" aria-hidden="true" />
        </span>
        <p className="text-muted-foreground">
          We're still preparing this part of Steadfast. {title} arrives in an upcoming update; thank you for your patience.
        </p>
      </Card>
    </>
  );
}
