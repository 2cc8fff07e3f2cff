import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useId, useMemo, useState } from 'react';
import {
  GUIDANCE_ALIGNMENTS,
  GUIDANCE_BACKGROUNDS,
  GUIDANCE_HEADER_SIZES,
  GUIDANCE_MARKDOWN_MAX,
  GUIDANCE_SECTION_TYPES,
  GUIDANCE_SECTIONS_MAX,
  GUIDANCE_TEXT_COLORS,
  GUIDANCE_TEXT_STYLES,
  type GuidanceSection,
  type GuidanceView,
  guidanceMarkdownProblem,
  SECTION_STYLE_DEFAULTS,
} from '@shared/contracts/guidance';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField, fieldProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ScrollingDialogContent } from '@/components/ui/scrolling-dialog';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { msg, useT } from '@/i18n';
import { fieldErrors } from '@/lib/api-client';
import { toastError } from '@/lib/notify';
import { useSaveGuidance } from '../api';
import { defaultGuidanceSections } from '../default-guidance';
import { BACKGROUND_LABELS, GuidanceContent, TEXT_COLOR_LABELS } from './guidance-content';

const TYPE_LABELS = { header: msg('Header'), text: msg('Text'), list: msg('List') } as const;
const ALIGNMENT_LABELS = { left: msg('Left'), center: msg('Center'), right: msg('Right') } as const;
const HEADER_SIZE_LABELS = { large: msg('Large'), medium: msg('Medium'), small: msg('Small') } as const;
const TEXT_STYLE_LABELS = { normal: msg('Normal'), bold: msg('Bold'), italic: msg('Italic') } as const;

const newSection = (): GuidanceSection => ({ ...SECTION_STYLE_DEFAULTS, id: `section-${crypto.randomUUID()}`, title: '', content: '', type: 'text' });

/** A select of fixed choices; `labels` are messages marked with msg(), translated here. */
function Choice<T extends string>({ id, label, value, values, labels, onChange }: { id: string; label: string; value: T; values: readonly T[]; labels: Record<T, string>; onChange: (value: T) => void }) {
  const t = useT();
  return (
    <FormField id={id} label={label}>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {values.map((option) => (
          <option key={option} value={option}>
            {t(labels[option])}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

function SectionEditor({
  section,
  index,
  count,
  onChange,
  onMove,
  onRemove,
  errors = {},
}: {
  section: GuidanceSection;
  index: number;
  count: number;
  onChange: (section: GuidanceSection) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
  /** The server's messages for this section's fields (`sections.{index}.title`, `.content`). */
  errors?: { title?: string; content?: string };
}) {
  const t = useT();
  const id = useId();
  const set = <K extends keyof GuidanceSection>(key: K) => (value: GuidanceSection[K]) => onChange({ ...section, [key]: value });
  const name = section.title.trim() || t('Section {number}', { number: index + 1 });
  const contentHint = section.type === 'list' ? t('One item per line.') : undefined;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{name}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-title`} label={t('Title')} error={errors.title}>
          <Input {...fieldProps(`${id}-title`, { error: errors.title })} value={section.title} maxLength={200} onChange={(event) => set('title')(event.target.value)} />
        </FormField>
        <Choice id={`${id}-type`} label={t('Type')} value={section.type} values={GUIDANCE_SECTION_TYPES} labels={TYPE_LABELS} onChange={set('type')} />
      </div>
      <FormField id={`${id}-content`} label={t('Content')} hint={contentHint} error={errors.content}>
        <Textarea
          {...fieldProps(`${id}-content`, { hint: contentHint, error: errors.content })}
          value={section.content}
          rows={3}
          maxLength={5000}
          onChange={(event) => set('content')(event.target.value)}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Choice id={`${id}-color`} label={t('Text colour')} value={section.color} values={GUIDANCE_TEXT_COLORS} labels={TEXT_COLOR_LABELS} onChange={set('color')} />
        <Choice id={`${id}-background`} label={t('Background')} value={section.backgroundColor} values={GUIDANCE_BACKGROUNDS} labels={BACKGROUND_LABELS} onChange={set('backgroundColor')} />
        <Choice id={`${id}-alignment`} label={t('Alignment')} value={section.alignment} values={GUIDANCE_ALIGNMENTS} labels={ALIGNMENT_LABELS} onChange={set('alignment')} />
        <Choice id={`${id}-style`} label={t('Text style')} value={section.textStyle} values={GUIDANCE_TEXT_STYLES} labels={TEXT_STYLE_LABELS} onChange={set('textStyle')} />
        {section.type === 'header' ? (
          <Choice id={`${id}-size`} label={t('Header size')} value={section.headerSize} values={GUIDANCE_HEADER_SIZES} labels={HEADER_SIZE_LABELS} onChange={set('headerSize')} />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" className="min-h-11" disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('Move {name} up', { name })}>
          <ArrowUp aria-hidden="true" />
          {t('Up')}
        </Button>
        <Button type="button" variant="outline" size="sm" className="min-h-11" disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('Move {name} down', { name })}>
          <ArrowDown aria-hidden="true" />
          {t('Down')}
        </Button>
        <Button type="button" variant="outline" size="sm" className="min-h-11 text-destructive" onClick={onRemove} aria-label={t('Remove {name}', { name })}>
          <Trash2 aria-hidden="true" />
          {t('Remove')}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * The Guidance Panel editor: sections (SPEC.md section 3) and free markdown, with a live preview of what
 * members will read. A community without guidance starts from the default sections.
 */
export function GuidanceEditorDialog({ communityId, guidance, open, onOpenChange }: { communityId: string; guidance: GuidanceView; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const id = useId();
  const isNew = guidance.sections.length === 0 && !guidance.contentMarkdown.trim();
  const [sections, setSections] = useState<GuidanceSection[]>(() => (isNew ? defaultGuidanceSections(t) : guidance.sections));
  const [markdown, setMarkdown] = useState(guidance.contentMarkdown);
  const save = useSaveGuidance(communityId);
  // Said as it is typed (the server refuses it with the same words): the preview shows the deeper levels, or
  // the blocks past the limit, as text.
  const markdownProblem = useMemo(() => guidanceMarkdownProblem(markdown), [markdown]);
  const serverErrors = fieldErrors(save.error);
  const markdownError = markdownProblem ?? serverErrors.contentMarkdown;
  const sectionErrors = (index: number) => ({ title: serverErrors[`sections.${index}.title`], content: serverErrors[`sections.${index}.content`] });
  const markdownHint = t('Shown under the sections. Markdown: **bold**, *italic*, - lists, [links](https://example.org).');

  const update = (index: number, section: GuidanceSection) => setSections((all) => all.map((current, at) => (at === index ? section : current)));
  const move = (index: number, offset: -1 | 1) =>
    setSections((all) => {
      const next = [...all];
      const [moved] = next.splice(index, 1);
      next.splice(index + offset, 0, moved!);
      return next;
    });

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { sections, contentMarkdown: markdown },
      {
        onSuccess: () => {
          toast({ title: t('Guidelines Saved'), description: t('Members see the new guidance on their dashboard.'), variant: 'success' });
          onOpenChange(false);
        },
        onError: (error) => toastError(t('Save Failed'), error, t('Failed to save guidance content')),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !save.isPending && onOpenChange(next)}>
      <ScrollingDialogContent
        className="max-w-5xl"
        onSubmit={onSubmit}
        header={
          <DialogHeader>
            <DialogTitle>{t('Edit Guidance')}</DialogTitle>
            <DialogDescription>{t('What members read in the Guidelines card of their dashboard. The preview shows it as they will.')}</DialogDescription>
          </DialogHeader>
        }
        footer={
          <>
            <Button type="button" variant="outline" disabled={save.isPending} onClick={() => onOpenChange(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('Saving...') : t('Save Guidelines')}
            </Button>
          </>
        }
      >
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <h3 className="text-base font-semibold">{t('Sections')}</h3>
            {sections.length === 0 ? <p className="text-sm text-muted-foreground">{t('No sections. Add one, or write everything as markdown below.')}</p> : null}
            {sections.map((section, index) => (
              <SectionEditor
                key={section.id}
                section={section}
                index={index}
                count={sections.length}
                onChange={(next) => update(index, next)}
                onMove={(offset) => move(index, offset)}
                onRemove={() => setSections((all) => all.filter((_, at) => at !== index))}
                errors={sectionErrors(index)}
              />
            ))}
            <Button type="button" variant="outline" className="justify-self-start" disabled={sections.length >= GUIDANCE_SECTIONS_MAX} onClick={() => setSections((all) => [...all, newSection()])}>
              <Plus aria-hidden="true" />
              {t('Add Section')}
            </Button>
            <FormField id={`${id}-markdown`} label={t('More guidance (markdown)')} hint={markdownHint} error={markdownError}>
              <Textarea
                {...fieldProps(`${id}-markdown`, { hint: markdownHint, error: markdownError })}
                rows={8}
                value={markdown}
                maxLength={GUIDANCE_MARKDOWN_MAX}
                onChange={(event) => setMarkdown(event.target.value)}
              />
            </FormField>
          </div>
          {/* Beside the sections (from 1024 px) the preview stays in view while the sections scroll past it. */}
          <section aria-labelledby={`${id}-preview`} className="grid content-start gap-3 lg:sticky lg:top-0 lg:self-start">
            <h3 id={`${id}-preview`} className="text-base font-semibold">
              {t('Preview')}
            </h3>
            <div className="rounded-xl border border-border bg-card p-4">
              {sections.length === 0 && !markdown.trim() ? (
                <p className="text-sm text-muted-foreground">{t('Nothing yet: members would see the default guidelines.')}</p>
              ) : (
                <GuidanceContent sections={sections} markdown={markdown} headingBase={4} />
              )}
            </div>
          </section>
        </div>
      </ScrollingDialogContent>
    </Dialog>
  );
}
