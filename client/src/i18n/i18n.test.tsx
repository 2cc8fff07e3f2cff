import { act, render, screen } from '@testing-library/react';
import { activateLocale, i18n, Trans, useT } from '@/i18n';

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
