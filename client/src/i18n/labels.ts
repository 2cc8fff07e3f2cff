import { TOPIC_LABELS, type NotificationTopic } from '@shared/contracts/notification-preferences';
import { closingDate } from '@shared/domain/community-closing';
import { isBuiltInDisciplineLabel, TARGET_LABELS, type TargetKey } from '@shared/domain/disciplines';
import type { Role } from '@shared/domain/constants';
import { roleLabel } from '@shared/domain/roles';
import { i18n, intlLocale } from './i18n';

// Shared words as the reader reads them: the labels shared/ keeps in English (marked there with msg), translated
// where they are shown. Call them while rendering (a component using useT renders again when the language changes).

/** 'CommunityModerator' -> 'Community Moderator' / 'Moderador de la comunidad' / '공동체 관리자'. */
export const roleName = (role: Role) => i18n._(roleLabel(role));

/** A member's target (SPEC's ten keys), named in the reader's language. */
export const targetName = (key: TargetKey) => i18n._(TARGET_LABELS[key]);

/** A notification topic's label. */
export const topicName = (topic: NotificationTopic) => i18n._(TOPIC_LABELS[topic]);

/** A discipline's name: a built-in one (SPEC's ten, the wizard's eight) translated; one a community typed, as typed. */
export const disciplineName = (label: string) => (isBuiltInDisciplineLabel(label) ? i18n._(label) : label);

/** The day a closing community is erased, in the reader's language. */
export const closingDay = (closesAt: string | Date, timeZone?: string) => closingDate(closesAt, timeZone, intlLocale());
