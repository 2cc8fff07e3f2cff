import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Rocket from 'lucide-react/icons/rocket';
import { type ReactNode, useEffect, useReducer, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorNote } from '@/components/ui/states';
import { toast } from '@/components/ui/use-toast';
import { msg, type Translate, translateServerMessage, useT } from '@/i18n';
import { findApiError } from '@/lib/api-client';
import { getStoredCommunityId, type Membership, switchCommunity } from '@/lib/community';
import { useSaveGuidance } from '@/features/guidance/api';
import { useCreateSubgroup, useSubgroups } from '@/features/subgroups/api';
import { useSaveDisciplines } from '@/features/tracking/api';
import { DEFAULT_WELCOME_GUIDANCE, disciplineTemplates } from '../catalogue';
import { INITIAL_SETUP, SETUP_STEP_COUNT, SETUP_STEPS, setupProgress, setupReducer } from '../setup-state';
import { LaunchStep } from './launch-step';
import { DisciplinesStep, GuidanceStep, StructureStep, ThemeStep, WelcomeStep } from './setup-steps';

type Saved = 'disciplines' | 'guidance' | 'subgroup';

const saveProblem = (error: unknown, what: Saved, t: Translate) =>
  translateServerMessage(findApiError(error)?.serverMessage) ??
  (what === 'disciplines'
    ? t('We could not save the disciplines. Check your connection and press Next again.')
    : what === 'guidance'
      ? t('We could not save the guidance. Check your connection and press Next again.')
      : t('We could not save your first subgroup. Check your connection and press Next again.'));

/**
 * The six-step setup of a new community (SPEC.md sections 2 and 4). Step 3 saves the disciplines and
 * step 4 the guidance before moving on; 'Launch Community' creates the first subgroup when asked for and
 * opens the community's dashboard.
 */
export function SetupWizard({ membership, languageSetting }: { membership: Membership; languageSetting?: ReactNode }) {
  const t = useT();
  const communityId = membership.communityId;
  const [step, setStep] = useState(1);
  const [state, dispatch] = useReducer(setupReducer, INITIAL_SETUP);
  const [problem, setProblem] = useState<string | null>(null);
  const [subgroupNameError, setSubgroupNameError] = useState<string | undefined>();
  const [, navigate] = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const saveDisciplines = useSaveDisciplines(communityId);
  const saveGuidance = useSaveGuidance(communityId);
  const createSubgroup = useCreateSubgroup(communityId);
  const subgroups = useSubgroups(communityId);
  const [launching, setLaunching] = useState(false);
  const pending = saveDisciplines.isPending || saveGuidance.isPending || launching;

  // Each step starts at its heading for keyboard and screen-reader users (not on the first render).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const goTo = (next: number) => {
    setProblem(null);
    setStep(next);
  };

  const launch = async () => {
    const name = state.defaultSubgroupName.trim();
    setLaunching(true);
    try {
      // Launching twice (a reload, a second tab) does not make a second subgroup of the same name.
      const existing = subgroups.data ?? (await subgroups.refetch()).data ?? [];
      if (state.enableSubgroups && !existing.some((subgroup) => subgroup.name.toLowerCase() === name.toLowerCase())) {
        await createSubgroup.mutateAsync({ name, description: null });
      }
    } catch (error) {
      setProblem(saveProblem(error, 'subgroup', t));
      setLaunching(false);
      return;
    }
    toast({ title: t('Community setup complete!'), description: t('Your community is ready for members.'), variant: 'success' });
    if (getStoredCommunityId() === communityId) navigate('/');
    else switchCommunity(membership);
  };

  const next = () => {
    setProblem(null);
    if (step === 2 && !state.themeId) {
      toast({ title: t('Select a theme'), description: t('Please choose a community theme to continue.'), variant: 'destructive' });
      return;
    }
    if (step === 3) {
      if (state.selectedDisciplines.length + state.customDisciplines.length === 0) {
        toast({ title: t('Select at least one discipline'), description: t('Your community needs at least one spiritual discipline to track.'), variant: 'destructive' });
        return;
      }
      saveDisciplines.mutate(disciplineTemplates(state.selectedDisciplines, state.customDisciplines, state.privateDisciplines, t), {
        onSuccess: () => goTo(4),
        onError: (error) => setProblem(saveProblem(error, 'disciplines', t)),
      });
      return;
    }
    if (step === 4) {
      saveGuidance.mutate(
        { contentMarkdown: state.guidanceContent.trim() || t(DEFAULT_WELCOME_GUIDANCE) },
        { onSuccess: () => goTo(5), onError: (error) => setProblem(saveProblem(error, 'guidance', t)) },
      );
      return;
    }
    if (step === 5 && state.enableSubgroups && !state.defaultSubgroupName.trim()) {
      setSubgroupNameError(msg('Enter a name for the first subgroup, or turn subgroups off.'));
      return;
    }
    setSubgroupNameError(undefined);
    if (step === SETUP_STEP_COUNT) {
      void launch();
      return;
    }
    goTo(step + 1);
  };

  const progress = setupProgress(step);
  const title = SETUP_STEPS[step - 1]!;

  return (
    <Card>
      <CardHeader className="grid gap-4">
        <div className="grid gap-2">
          <div className="flex items-center justify-between text-sm text-muted-foreground">
            <span>{t('Step {step} of {count}', { step, count: SETUP_STEP_COUNT })}</span>
            <span>{t('{progress}% complete', { progress })}</span>
          </div>
          <div role="progressbar" aria-label={t('Setup progress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full rounded-full bg-primary-600 transition-[width] motion-reduce:transition-none" style={{ width: `${progress}%` }} />
          </div>
        </div>
        <CardTitle ref={heading} tabIndex={-1} className="text-2xl focus:outline-none">
          {t(title)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step === 1 ? <WelcomeStep communityName={membership.community.name} languageSetting={languageSetting} /> : null}
        {step === 2 ? <ThemeStep state={state} dispatch={dispatch} /> : null}
        {step === 3 ? <DisciplinesStep state={state} dispatch={dispatch} /> : null}
        {step === 4 ? <GuidanceStep state={state} dispatch={dispatch} /> : null}
        {step === 5 ? <StructureStep state={state} dispatch={dispatch} nameError={subgroupNameError} /> : null}
        {step === 6 ? <LaunchStep state={state} communityId={communityId} /> : null}
        {problem ? <ErrorNote message={problem} /> : null}
      </CardContent>
      {/* On a phone the two buttons stack, the main one on top at full width ('Launch Community' beside 'Previous' stuck out of the card at 390 px). */}
      <CardFooter className="flex flex-col-reverse gap-3 border-t border-border pt-4 sm:flex-row sm:justify-between">
        <Button variant="outline" className="w-full sm:w-auto" disabled={step === 1 || pending} onClick={() => goTo(step - 1)}>
          <ArrowLeft aria-hidden="true" />
          {t('Previous')}
        </Button>
        <Button className="w-full sm:w-auto" onClick={next} disabled={pending}>
          {step === SETUP_STEP_COUNT ? (
            <>
              <Rocket aria-hidden="true" />
              {launching ? t('Launching...') : t('Launch Community')}
            </>
          ) : (
            <>
              {pending ? t('Saving...') : t('Next')}
              <ArrowRight aria-hidden="true" />
            </>
          )}
        </Button>
      </CardFooter>
    </Card>
  );
}
