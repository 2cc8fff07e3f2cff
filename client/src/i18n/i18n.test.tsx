import { act, render, screen } from '@testing-library/react';
import { activateLocale, i18n, Trans, translateMessage, useT } from '@/i18n';
import spanish from '@/locales/es.json';

function Sample() {
  const t = useT();
  return <p>{t('Go to sign in')}</p>;
}

describe('useT', () => {
  afterEach(() => act(() => activateLocale('en', { remember: false })));

  it('shows English and follows a change of language without a reload', async () => {
    render(<Sample />);
    expect(screen.getByText('Go to sign in')).toBeInTheDocument();
    await act(() => activateLocale('pseudo', { remember: false }));
    expect(await screen.findByText(/^⟦Gö tö šîĝñ îñ [· ]+⟧$/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.locale).toBe('pseudo');
  });
});

describe('Trans', () => {
  it('places elements and keeps a value that looks like a tag as text', () => {
    render(<Trans id="Go to your communities" />);
    expect(screen.getByText('Go to your communities')).toBeInTheDocument();
    render(<Trans id="{name} is now {role}." values={{ name: '<0>Ruth</0>', role: 'Commander' }} />);
    expect(screen.getByText('<0>Ruth</0> is now Commander.')).toBeInTheDocument();
  });
});

describe('translateMessage: a message the API sent in English, shown in the reader’s language', () => {
  afterEach(() => act(() => activateLocale('en', { remember: false })));

  it('by its words, or by the template the server filled with its values read back; other text stays as it came', async () => {
    await act(() => activateLocale('es', { remember: false }));
    expect(translateMessage('Question not found.')).toBe(spanish['Question not found.']);
    expect(spanish['Question not found.']).not.toBe('Question not found.');
    // Only the server fills this one (NAME_CHANGE_LIMIT_MESSAGE): the client knows it from its catalogue alone.
    const template = 'You have changed your name {count} times today. Please wait a day before changing it again.';
    expect(translateMessage(template.replace('{count}', '3'))).toBe(spanish[template].replace('{count}', '3'));
    expect(translateMessage('Words no catalogue holds.')).toBe('Words no catalogue holds.');
    // A value someone typed stays as typed, even when it reads like a word of ours (a CSV cell 'Name').
    const cell = '"{value}" is not a valid e-mail address';
    expect(translateMessage(cell.replace('{value}', 'Name'))).toBe(spanish[cell].replace('{value}', 'Name'));
    // A status is one of ours, shown translated.
    const refusal = 'This question is {from} and cannot become {to}.';
    expect(translateMessage('This question is Answered and cannot become Open.')).toBe(spanish[refusal].replace('{from}', spanish.Answered).replace('{to}', spanish.Open));
  });
});
