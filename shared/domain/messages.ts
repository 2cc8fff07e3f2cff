/**
 * Marks an English message for the catalogues where it is written but translated later, where it is shown
 * (`t(label)`): a constant's label, a zod schema's error. It returns the message unchanged; the extractor
 * (scripts/i18n/messages.mjs) finds it by name, so the argument must be a string literal.
 */
export const msg = <Message extends string>(message: Message): Message => message;
