import { act, render, screen } from '@testing-library/react';
import { activateLocale, i18n, useT } from '@/i18n';

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
    expect(await screen.findByText(/^⟦Gö tö šîĝñ îñ·+⟧$/)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.locale).toBe('pseudo');
  });
});
