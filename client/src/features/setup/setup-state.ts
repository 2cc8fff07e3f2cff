import { msg } from '@/i18n';
import { THEME_TEMPLATES, type CustomDiscipline, type ThemeId } from './catalogue';

/** SPEC.md section 3 "Setup state", plus the theme chosen on step 2. */
export interface SetupState {
  themeId: ThemeId | null;
  selectedDisciplines: string[];
  customDisciplines: CustomDiscipline[];
  /** Keys of the chosen disciplines kept in secret (issue 26). */
  privateDisciplines: string[];
  guidanceContent: string;
  enableSubgroups: boolean;
  defaultSubgroupName: string;
}

export const INITIAL_SETUP: SetupState = {
  themeId: null,
  selectedDisciplines: [],
  customDisciplines: [],
  privateDisciplines: [],
  guidanceContent: '',
  enableSubgroups: true,
  defaultSubgroupName: msg('Alpha Group'),
};

export type SetupAction =
  /** With the theme's guidance and first subgroup's name in the moderator's language. */
  | { type: 'chooseTheme'; themeId: ThemeId; guidanceContent: string; defaultSubgroupName: string }
  | { type: 'toggleDiscipline'; key: string }
  | { type: 'addCustom'; discipline: CustomDiscipline }
  | { type: 'removeCustom'; key: string }
  | { type: 'setPrivate'; key: string; isPrivate: boolean }
  | { type: 'setGuidance'; content: string }
  | { type: 'setSubgroups'; enabled: boolean }
  | { type: 'setSubgroupName'; name: string };

/** SPEC.md section 4: choosing a theme replaces the disciplines, guidance and structure with its values; toggling adds or removes. */
export function setupReducer(state: SetupState, action: SetupAction): SetupState {
  switch (action.type) {
    case 'chooseTheme': {
      const theme = THEME_TEMPLATES.find((candidate) => candidate.id === action.themeId);
      if (!theme) return state;
      return {
        ...state,
        themeId: theme.id,
        selectedDisciplines: [...theme.disciplines],
        guidanceContent: action.guidanceContent,
        enableSubgroups: theme.enableSubgroups,
        defaultSubgroupName: action.defaultSubgroupName,
      };
    }
    case 'toggleDiscipline':
      return {
        ...state,
        selectedDisciplines: state.selectedDisciplines.includes(action.key) ? state.selectedDisciplines.filter((key) => key !== action.key) : [...state.selectedDisciplines, action.key],
      };
    case 'addCustom':
      return { ...state, customDisciplines: [...state.customDisciplines, action.discipline] };
    case 'removeCustom':
      return { ...state, customDisciplines: state.customDisciplines.filter((discipline) => discipline.key !== action.key) };
    case 'setPrivate':
      return { ...state, privateDisciplines: action.isPrivate ? [...state.privateDisciplines.filter((key) => key !== action.key), action.key] : state.privateDisciplines.filter((key) => key !== action.key) };
    case 'setGuidance':
      return { ...state, guidanceContent: action.content };
    case 'setSubgroups':
      return { ...state, enableSubgroups: action.enabled };
    case 'setSubgroupName':
      return { ...state, defaultSubgroupName: action.name };
  }
}

export const SETUP_STEPS = [
  msg('Welcome'),
  msg('Choose Community Theme'),
  msg('Choose Spiritual Disciplines'),
  msg('Community Guidance'),
  msg('Community Structure'),
  msg('Launch Community'),
] as const;
export const SETUP_STEP_COUNT = SETUP_STEPS.length;

/** SPEC.md section 2: the progress bar shows (step - 1) / 5. */
export const setupProgress = (step: number) => Math.round(((step - 1) / (SETUP_STEP_COUNT - 1)) * 100);
