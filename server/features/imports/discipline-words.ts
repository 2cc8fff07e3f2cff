import { type Discipline, TARGET_KEYS, TARGET_LABELS, type TargetKey, targetKeysOf } from '@shared/domain/disciplines';
import { squash } from '@shared/domain/squash';
import { LOCALES } from '@shared/domain/locales';
import { translator } from '../../i18n/translate';

/**
 * The built-in disciplines' names in Spanish, Portuguese, French, German and Korean, as churches write them in
 * their spreadsheets' headers ('Lectura Bíblica 1', 'Ayuno 1', '금식 1'). Compared squashed, like HEADER_WORDS.
 */
const DISCIPLINE_WORDS: Record<TargetKey, string[]> = {
  bibleReading: [
    'Lectura Bíblica', 'Lectura de la Biblia', 'Lectura de Biblia',
    'Leitura Bíblica', 'Leitura da Bíblia',
    'Lecture Biblique', 'Lecture de la Bible',
    'Bibellesen', 'Bibellese',
    '성경 읽기', '성경 통독', '말씀 읽기',
  ],
  fasting: ['Ayuno', 'Jejum', 'Jeûne', 'Fasten', '금식'],
  morningIntimacy: [
    'Intimidad Matutina', 'Intimidad de la Mañana', 'Intimidad con Dios en la Mañana',
    'Intimidade Matinal', 'Intimidade pela Manhã',
    'Intimité Matinale', 'Intimité du Matin',
    'Morgenandacht', 'Stille Zeit am Morgen',
    '아침 묵상', '아침 교제', '경건의 시간',
  ],
  midnightPrayer: [
    'Oración de Medianoche', 'Oración a Medianoche',
    'Oração da Meia-Noite', 'Oração à Meia-Noite',
    'Prière de Minuit',
    'Mitternachtsgebet',
    '자정 기도', '한밤 기도', '철야 기도',
  ],
  meditation: ['Meditación', 'Meditação', 'Méditation', 'Meditation', '묵상'],
  monthlyRetreat: ['Retiro Mensual', 'Retiro Mensal', 'Retraite Mensuelle', 'Monatliche Einkehr', 'Monatsretreat', '월간 수련회', '월례 수련회'],
  prayerWalk: ['Caminata de Oración', 'Caminhada de Oração', 'Marche de Prière', 'Gebetsspaziergang', 'Gebetsgang', '기도 산책', '땅 밟기 기도'],
  evangelism: ['Evangelismo', 'Evangelización', 'Evangelização', 'Évangélisation', 'Evangelisation', '전도'],
  completionOfNewTestament: [
    'Nuevo Testamento Completo', 'Lectura del Nuevo Testamento',
    'Novo Testamento Completo', 'Leitura do Novo Testamento',
    'Nouveau Testament Complet', 'Lecture du Nouveau Testament',
    'Neues Testament Gelesen', 'Neues Testament',
    '신약 통독', '신약 완독',
  ],
  silenceHour: ['1 Hora de Silencio', '1 Hora de Silêncio', '1 Heure de Silence', '1 Stunde Stille', '1시간 침묵', '한 시간 침묵'],
};

const SQUASHED_WORDS = new Map<TargetKey, Set<string>>(TARGET_KEYS.map((key) => [key, new Set(DISCIPLINE_WORDS[key].map(squash))]));
// And each target as the app names it in each of its languages (an export made in Spanish reads back).
for (const locale of LOCALES) for (const key of TARGET_KEYS) SQUASHED_WORDS.get(key)!.add(squash(translator(locale)(TARGET_LABELS[key])));

/** A discipline's names a header may use, squashed: its label and key, and for a built-in one its name in the six languages. */
export function namesOfDiscipline(discipline: Pick<Discipline, 'key' | 'label'>): Set<string> {
  const names = new Set([squash(discipline.label), squash(discipline.key)]);
  for (const key of targetKeysOf(discipline)) for (const word of SQUASHED_WORDS.get(key)!) names.add(word);
  return names;
}

/** 'day' after a discipline's name and before the number ('Ayuno día 3', 'Jeûne jour 3', 'Fasten Tag 3'), squashed. */
export const DAY_WORDS = ['day', 'dia', 'jour', 'tag'];

/** The target a header names alone ('Fasting', 'Ayuno', '금식': that month's target), squashed. */
export function targetNamed(squashed: string): TargetKey | undefined {
  return TARGET_KEYS.find((key) => squash(TARGET_LABELS[key]) === squashed || squash(key) === squashed || SQUASHED_WORDS.get(key)!.has(squashed));
}
