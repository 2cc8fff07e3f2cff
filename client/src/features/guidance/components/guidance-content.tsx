import { lazy, Suspense } from 'react';
import type { GuidanceAlignment, GuidanceBackground, GuidanceSection, GuidanceTextColor } from '@shared/contracts/guidance';
import { CardErrorBoundary } from '@/components/ui/card-error-boundary';
import { LoadingRows } from '@/components/ui/states';
import { msg, useT } from '@/i18n';
import { cn } from '@/lib/utils';

const MarkdownContent = lazy(() => import('./markdown-content'));

/** Colour names (SPEC.md section 9) as classes with enough contrast on white and on every background. */
const TEXT_COLORS: Record<GuidanceTextColor, string> = {
  black: 'text-gray-950',
  'dark-gray': 'text-gray-700',
  red: 'text-red-800',
  orange: 'text-orange-800',
  yellow: 'text-yellow-900',
  green: 'text-green-800',
  blue: 'text-blue-800',
  purple: 'text-purple-800',
  brown: 'text-amber-900',
};

const BACKGROUNDS: Record<GuidanceBackground, string> = {
  none: '',
  'light-gray': 'bg-gray-100 rounded-lg p-3',
  red: 'bg-red-50 rounded-lg p-3',
  orange: 'bg-orange-50 rounded-lg p-3',
  yellow: 'bg-yellow-50 rounded-lg p-3',
  green: 'bg-green-50 rounded-lg p-3',
  blue: 'bg-blue-50 rounded-lg p-3',
  purple: 'bg-purple-50 rounded-lg p-3',
};

const ALIGNMENTS: Record<GuidanceAlignment, string> = { left: 'text-left', center: 'text-center', right: 'text-right' };

/** SPEC.md section 9: large, medium and small headers are h1, h2 and h3 at 2rem, 1.5rem and 1.25rem. */
const HEADERS = {
  large: { level: 1, className: 'text-[2rem] leading-tight' },
  medium: { level: 2, className: 'text-[1.5rem] leading-snug' },
  small: { level: 3, className: 'text-[1.25rem] leading-snug' },
} as const;

const TEXT_STYLES = { normal: '', bold: 'font-semibold', italic: 'italic' } as const;

export const TEXT_COLOR_LABELS: Record<GuidanceTextColor, string> = {
  black: msg('Black'),
  'dark-gray': msg('Dark gray'),
  red: msg('Red'),
  orange: msg('Orange'),
  yellow: msg('Yellow'),
  green: msg('Green'),
  blue: msg('Blue'),
  purple: msg('Purple'),
  brown: msg('Brown'),
};

export const BACKGROUND_LABELS: Record<GuidanceBackground, string> = {
  none: msg('None'),
  'light-gray': msg('Light gray'),
  red: msg('Red'),
  orange: msg('Orange'),
  yellow: msg('Yellow'),
  green: msg('Green'),
  blue: msg('Blue'),
  purple: msg('Purple'),
};

type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;
const headingTag = (level: number) => `h${Math.min(Math.max(level, 1), 6) as HeadingLevel}` as const;

/**
 * The heading level under each section: a header section is h1, h2 or h3 (SPEC.md), and the titles after
 * it sit one level below, so levels never skip (screen readers navigate by them). Before any header,
 * titles sit under the card's own h2.
 */
function titleLevels(sections: readonly GuidanceSection[], base: number): number[] {
  let below = base;
  return sections.map((section) => {
    if (section.type !== 'header') return below;
    const level = HEADERS[section.headerSize].level;
    below = level + 1;
    return level;
  });
}

function Section({ section, level }: { section: GuidanceSection; level: number }) {
  const box = cn('grid gap-1.5', ALIGNMENTS[section.alignment], BACKGROUNDS[section.backgroundColor], TEXT_COLORS[section.color]);
  const text = TEXT_STYLES[section.textStyle];
  if (section.type === 'header') {
    const Tag = headingTag(level);
    const { className } = HEADERS[section.headerSize];
    return (
      <div className={box}>
        <Tag className={cn('font-semibold', className)}>{section.title}</Tag>
        {section.content ? <p className={cn('text-sm', text)}>{section.content}</p> : null}
      </div>
    );
  }
  const Title = headingTag(level);
  const items = section.content
    .split('\n')
    .map((line) => line.replace(/^\s*[-*]\s*/, '').trim())
    .filter(Boolean);
  return (
    <div className={box}>
      {section.title ? <Title className="text-base font-semibold">{section.title}</Title> : null}
      {section.type === 'list' ? (
        <ul className={cn('list-disc space-y-1 pl-5 text-sm', ALIGNMENTS[section.alignment] === 'text-left' ? '' : 'list-inside pl-0', text)}>
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className={cn('whitespace-pre-line text-sm leading-relaxed', text)}>{section.content}</p>
      )}
    </div>
  );
}

/**
 * A community's guidance: its styled sections, then its markdown (inside an error boundary). Section text
 * is plain text (React escapes it); styles are chosen from fixed names, never taken from the stored data.
 */
export function GuidanceContent({ sections, markdown, headingBase = 3 }: { sections: readonly GuidanceSection[]; markdown: string; headingBase?: number }) {
  const t = useT();
  const levels = titleLevels(sections, headingBase);
  const lastHeader = [...sections].reverse().find((section) => section.type === 'header');
  const markdownBase = lastHeader ? HEADERS[lastHeader.headerSize].level + 1 : headingBase;
  return (
    <div className="grid gap-4">
      {sections.map((section, index) => (
        <Section key={section.id} section={section} level={levels[index]!} />
      ))}
      {markdown.trim() ? (
        // Markdown that cannot be shown takes only its own place: the sections above stay, and so does the
        // rest of the screen (the editor's preview tries again as the markdown changes).
        <CardErrorBoundary variant="inline" resetKey={markdown}>
          <Suspense fallback={<LoadingRows rows={2} label={t('Loading guidance')} />}>
            <MarkdownContent markdown={markdown} headingBase={markdownBase} />
          </Suspense>
        </CardErrorBoundary>
      ) : null}
    </div>
  );
}
