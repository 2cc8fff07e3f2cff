import Check from 'lucide-react/icons/check';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { type Dispatch, type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { fieldProps, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { msg, Trans, type Translate, useT } from '@/i18n';
import { cn } from '@/lib/utils';
import { SECRET_DISCIPLINES_HELP, SecretDisciplineSwitches } from '@/features/tracking/components/secret-disciplines';
import { customDisciplineKey, DISCIPLINE_CATALOGUE, THEME_TEMPLATES, type ThemeTemplate } from '../catalogue';
import type { SetupAction, SetupState } from '../setup-state';

interface StepProps {
  state: SetupState;
  dispatch: Dispatch<SetupAction>;
}

export function WelcomeStep({ communityName, languageSetting }: { communityName: string; languageSetting?: ReactNode }) {
  const t = useT();
  return (
    <div className="grid gap-3 text-muted-foreground">
      <p className="text-lg text-foreground">
        <Trans id="<0>{name}</0> is created. A few choices now make it ready for your members." values={{ name: communityName }} components={{ 0: <strong /> }} />
      </p>
      <p>
        {t(
          'You will choose a theme, the spiritual disciplines your members log each day, the guidance they read on their dashboard and how members are grouped. Everything stays editable later in Administration.',
        )}
      </p>
      <p>{t('It takes about two minutes.')}</p>
      {languageSetting ? (
        <div className="mt-2 grid max-w-sm gap-2 text-foreground">
          <label htmlFor="setup-language" className="text-sm font-medium">
            {t('Default language')}
          </label>
          {languageSetting}
          <p id="setup-language-hint" className="text-xs text-muted-foreground">{t('What members read until they choose their own language.')}</p>
        </div>
      ) : null}
    </div>
  );
}

const THEME_ACCENTS: Record<ThemeTemplate['color'], string> = {
  indigo: 'bg-indigo-600',
  red: 'bg-red-600',
  amber: 'bg-amber-500',
  violet: 'bg-violet-600',
  emerald: 'bg-emerald-600',
  slate: 'bg-slate-500',
};

/** A card that is a radio or checkbox: the whole card is the target, the chosen one stands out. */
const choiceCard = (checked: boolean) =>
  cn(
    'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
    checked ? 'border-primary-600 bg-primary-50' : 'border-border bg-card hover:bg-muted',
  );

const catalogueLabel = (key: string, t: Translate) => {
  const discipline = DISCIPLINE_CATALOGUE.find((candidate) => candidate.key === key);
  return discipline ? t(discipline.label) : key;
};

/** Step 2: one of six themes, as radio cards (arrow keys move between them). */
export function ThemeStep({ state, dispatch }: StepProps) {
  const t = useT();
  const choose = (theme: ThemeTemplate) =>
    dispatch({
      type: 'chooseTheme',
      themeId: theme.id,
      guidanceContent: theme.guidanceContent ? t(theme.guidanceContent) : '',
      defaultSubgroupName: t(theme.defaultSubgroupName),
    });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-muted-foreground">{t('Choose a starting point. You can change every discipline and word in the next steps.')}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {THEME_TEMPLATES.map((theme) => {
          const checked = state.themeId === theme.id;
          return (
            <label
              key={theme.id}
              className={choiceCard(checked)}
            >
              <input type="radio" name="theme" value={theme.id} checked={checked} onChange={() => choose(theme)} className="sr-only" />
              <span aria-hidden="true" className={cn('mt-1 size-3 shrink-0 rounded-full', THEME_ACCENTS[theme.color])} />
              <span className="grid min-w-0 gap-1">
                <span className="flex items-center gap-2 font-semibold">
                  {t(theme.name)}
                  {checked ? <Check className="size-4 text-primary-700" aria-hidden="true" /> : null}
                </span>
                <span className="text-sm text-muted-foreground">{t(theme.description)}</span>
                <span className="text-xs text-muted-foreground">{theme.disciplines.length
                    ? theme.disciplines.map((key) => catalogueLabel(key, t)).join(' · ')
                    : t('No disciplines chosen yet')}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Step 3: the catalogue as checkbox cards, plus disciplines of the community's own. */
export function DisciplinesStep({ state, dispatch }: StepProps) {
  const t = useT();
  const id = useId();
  const [label, setLabel] = useState('');
  const [unit, setUnit] = useState('');
  const [error, setError] = useState<string | undefined>();
  const chosen = [
    ...DISCIPLINE_CATALOGUE.filter((discipline) => state.selectedDisciplines.includes(discipline.key)).map(({ key, label: name }) => ({ key, label: t(name) })),
    ...state.customDisciplines,
  ];

  const addCustom = (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim().replace(/\s+/g, ' ');
    if (!name) {
      setError(msg('Enter a name for the discipline.'));
      return;
    }
    // A built-in name in English or in the reader's language is one of ours (kept in English, shown translated).
    const labels = new Set([...DISCIPLINE_CATALOGUE.flatMap((d) => [d.label, t(d.label)]), ...state.customDisciplines.map((d) => d.label)].map((l) => l.toLowerCase()));
    if (labels.has(name.toLowerCase())) {
      setError(msg('That discipline is already in the list.'));
      return;
    }
    const taken = new Set([...DISCIPLINE_CATALOGUE.map((d) => d.key), ...state.customDisciplines.map((d) => d.key)]);
    dispatch({ type: 'addCustom', discipline: { key: customDisciplineKey(name, taken), label: name, unit: unit.trim() } });
    setLabel('');
    setUnit('');
    setError(undefined);
  };

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-muted-foreground">{t('Members log each chosen discipline on their calendar every day.')}</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {DISCIPLINE_CATALOGUE.map((discipline) => {
            const checked = state.selectedDisciplines.includes(discipline.key);
            return (
              <label
                key={discipline.key}
                className={cn(choiceCard(checked), 'items-start')}
              >
                <input type="checkbox" checked={checked} onChange={() => dispatch({ type: 'toggleDiscipline', key: discipline.key })} className="mt-1 size-4 shrink-0 accent-primary-700" />
                <span className="grid gap-0.5">
                  <span className="font-semibold">
                    {t(discipline.label)} <span className="text-sm font-normal text-muted-foreground">({t(discipline.unit)})</span>
                  </span>
                  <span className="text-sm text-muted-foreground">{t(discipline.description)}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <section aria-labelledby={`${id}-custom`} className="grid gap-3">
        <h3 id={`${id}-custom`} className="text-base font-semibold">
          {t('Your own disciplines')}
        </h3>
        {state.customDisciplines.length ? (
          <ul className="flex flex-wrap gap-2">
            {state.customDisciplines.map((discipline) => (
              <li key={discipline.key} className="flex items-center gap-1 rounded-full border border-primary-200 bg-primary-50 py-1 pl-3 pr-1 text-sm">
                {discipline.label}
                {discipline.unit ? <span className="text-muted-foreground">({discipline.unit})</span> : null}
                <Button type="button" variant="ghost" size="icon" className="size-9" onClick={() => dispatch({ type: 'removeCustom', key: discipline.key })} aria-label={t('Remove {name}', { name: discipline.label })}>
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <form onSubmit={addCustom} noValidate className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <FormField id={`${id}-label`} label={t('Discipline name')} error={error}>
            <Input {...fieldProps(`${id}-label`, { error })} value={label} maxLength={60} placeholder={t('e.g. Scripture Memory')} onChange={(event) => setLabel(event.target.value)} />
          </FormField>
          <FormField id={`${id}-unit`} label={t('Unit (optional)')}>
            <Input id={`${id}-unit`} value={unit} maxLength={30} placeholder={t('e.g. verses')} onChange={(event) => setUnit(event.target.value)} />
          </FormField>
          <Button type="submit" variant="outline" className="sm:mt-7">
            <Plus aria-hidden="true" />
            {t('Add Discipline')}
          </Button>
        </form>
      </section>

      {chosen.length > 0 ? (
        <section aria-labelledby={`${id}-secret`} className="grid gap-3">
          <h3 id={`${id}-secret`} className="text-base font-semibold">
            {t('Kept in secret (optional)')}
          </h3>
          <p className="text-sm text-muted-foreground">{t(SECRET_DISCIPLINES_HELP)}</p>
          <SecretDisciplineSwitches disciplines={chosen} secret={state.privateDisciplines} onToggle={(key, isPrivate) => dispatch({ type: 'setPrivate', key, isPrivate })} />
        </section>
      ) : null}
    </div>
  );
}

export function GuidanceStep({ state, dispatch }: StepProps) {
  const t = useT();
  return (
    <FormField
      id="setup-guidance"
      label={t('Guidance for your members')}
      hint={t('Markdown is allowed: ## headings, **bold**, *italic*, - lists. Leave it blank for a short welcome message.')}
    >
      <Textarea id="setup-guidance" rows={10} value={state.guidanceContent} maxLength={20_000} onChange={(event) => dispatch({ type: 'setGuidance', content: event.target.value })} />
    </FormField>
  );
}

const SUBGROUP_HINT = msg('Created when you launch; you can add more and choose commanders under Administration > Subgroups.');

export function StructureStep({ state, dispatch, nameError }: StepProps & { nameError?: string }) {
  const t = useT();
  return (
    <div className="grid gap-5">
      <div className="flex items-start justify-between gap-4 rounded-xl border border-border p-4">
        <div className="grid gap-1">
          <span id="setup-subgroups-label" className="font-semibold">
            {t('Organise members into subgroups')}
          </span>
          <span id="setup-subgroups-hint" className="text-sm text-muted-foreground">
            {t('Each subgroup has a commander who follows its members, answers their questions and meets with them.')}
          </span>
        </div>
        <Switch
          checked={state.enableSubgroups}
          onCheckedChange={(enabled) => dispatch({ type: 'setSubgroups', enabled })}
          aria-labelledby="setup-subgroups-label"
          aria-describedby="setup-subgroups-hint"
        />
      </div>
      {state.enableSubgroups ? (
        <FormField id="setup-subgroup-name" label={t('First subgroup name')} hint={t(SUBGROUP_HINT)} error={nameError}>
          <Input
            {...fieldProps('setup-subgroup-name', { hint: t(SUBGROUP_HINT), error: nameError })}
            value={state.defaultSubgroupName}
            maxLength={80}
            onChange={(event) => dispatch({ type: 'setSubgroupName', name: event.target.value })}
          />
        </FormField>
      ) : null}
    </div>
  );
}
