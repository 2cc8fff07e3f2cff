import ScrollText from 'lucide-react/icons/scroll-text';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { DEFAULT_GUIDANCE_SECTIONS, type GuidanceSection } from '@/features/guidance/default-guidance';

/**
 * The guidelines card of the dashboard. Until the guidance call lands it shows the default guidance
 * of SPEC.md section 9; the guidance issue passes the community's own sections.
 */
export function GuidelinesCard({ sections = DEFAULT_GUIDANCE_SECTIONS }: { sections?: readonly GuidanceSection[] }) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2">
          <ScrollText className="size-5 text-primary-600" aria-hidden="true" />
          Guidelines
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sections.map((section) =>
          section.type === 'header' ? (
            <div key={section.id} className={cn('grid gap-1', alignment(section))}>
              <h3 className="text-lg font-semibold text-primary-700">{section.title}</h3>
              {section.content ? <p className="text-sm text-muted-foreground">{section.content}</p> : null}
            </div>
          ) : (
            <div key={section.id} className={cn('grid gap-1', alignment(section))}>
              <h3 className="text-base font-semibold">{section.title}</h3>
              {section.type === 'list' ? (
                <ul className="list-disc pl-5 text-sm text-muted-foreground">
                  {section.content
                    .split('\n')
                    .filter((line) => line.trim())
                    .map((line) => (
                      <li key={line}>{line.replace(/^[-*]\s*/, '')}</li>
                    ))}
                </ul>
              ) : (
                <p className="text-sm leading-relaxed text-muted-foreground">{section.content}</p>
              )}
            </div>
          ),
        )}
      </CardContent>
    </Card>
  );
}

const alignment = (section: GuidanceSection) => (section.alignment === 'center' ? 'text-center' : section.alignment === 'right' ? 'text-right' : 'text-left');
