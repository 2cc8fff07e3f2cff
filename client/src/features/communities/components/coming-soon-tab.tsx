import Hourglass from 'lucide-react/icons/hourglass';
import { Card } from '@/components/ui/card';

/** A tab whose capability is still being built. */
export function ComingSoonTab({ title, description }: { title: string; description: string }) {
  return (
    <Card className="flex items-start gap-4 p-6">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-600">
        <Hourglass className="size-5" aria-hidden="true" />
      </span>
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{title} is on its way</h2>
        <p className="text-muted-foreground">{description}</p>
      </div>
    </Card>
  );
}
