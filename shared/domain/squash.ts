/**
 * Text as compared by name, case, accents, spaces and punctuation aside: lower case, letters and digits only
 * ('E-mail address' reads 'emailaddress', 'Correo electrónico' 'correoelectronico', 'bible_reading' and
 * 'Bible Reading' both 'biblereading').
 */
export const squash = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
