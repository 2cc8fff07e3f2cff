/**
 * Marks an English message for the catalogues where it is written but translated later, where it is shown
 * (`t(label)`): a constant's label, a zod schema's error. It returns the message unchanged; the extractor
 * (scripts/i18n/messages.mjs) finds it by name, so the argument must be a string literal.
 */
export const msg = <Message extends string>(message: Message): Message => message;

/**
 * Marks an English message the API sends (an error's, written apart from its `throw`; a success's the client shows):
 * the API keeps it in English beside its code, and the client's catalogues hold it, so the client shows it in the
 * reader's language. A literal given to an error helper (`notFound('Question not found.')`) needs no mark. With
 * values, mark the template and fill it: `fill(apiMessage('… {count} times …'), { count })`.
 */
export const apiMessage = (message: string): string => message;

const templates = new Set<string>();

/**
 * An English message with values filled in, whose template the catalogues hold:
 * `fill('Description must be at most {max} characters', { max: 500 })`. Where the filled text is shown (a zod
 * error in a form, a server error in a toast), the reader's language is found by matching it against the
 * templates filled so far (translateFilled in the client's i18n), values and all. The template must be a literal.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  templates.add(template);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A template known where it is written, before any `fill` runs (one only the server fills, whose result the client
 * shows): `const REFUSAL = template('… closing on {date} …')`, then `fill(REFUSAL, { date })`.
 */
export function template<Template extends string>(text: Template): Template {
  templates.add(text);
  return text;
}

/** The templates `fill` has been called with: each read back into its values where a filled message is shown. */
export function filledTemplates(): ReadonlySet<string> {
  return templates;
}
