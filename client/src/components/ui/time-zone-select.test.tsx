import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TimeZoneSelect } from './time-zone-select';

function Picker({ initial = 'America/Chicago', onPick = (_zone: string) => {} }: { initial?: string; onPick?: (zone: string) => void }) {
  const [zone, setZone] = useState(initial);
  return (
    <>
      <label htmlFor="zone">Time zone</label>
      <TimeZoneSelect id="zone" value={zone} onChange={(next) => (setZone(next), onPick(next))} extra={['UTC']} />
    </>
  );
}

const groupsOf = (select: HTMLElement) => [...select.querySelectorAll('optgroup')].map((group) => group.label);

describe('TimeZoneSelect', () => {
  beforeEach(() => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Asia/Calcutta' });
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers the browser's zone first (by its current name), then every zone grouped by region", () => {
    render(<Picker />);
    const select = screen.getByLabelText('Time zone');
    expect(groupsOf(select).slice(0, 3)).toEqual(['Suggested', 'Africa', 'America']);
    const suggested = within(select.querySelector('optgroup')!).getAllByRole('option').map((option) => option.textContent);
    expect(suggested).toEqual(['Asia/Kolkata (this device)', 'UTC']);
    expect((select as HTMLSelectElement).options.length).toBeGreaterThan(300);
    // Within its region a zone is named by its place.
    expect(within(select).getByRole('option', { name: 'New York' })).toHaveValue('America/New_York');
  });

  it('narrows the list to the zones whose name matches the search, keeping the chosen one, and says how many', async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<Picker onPick={(zone) => picked.push(zone)} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'lond');
    const select = screen.getByLabelText('Time zone') as HTMLSelectElement;
    expect([...select.options].map((option) => option.value)).toEqual(['America/Chicago', 'Europe/London']);
    expect(screen.getByRole('status')).toHaveTextContent('1 time zone matches: choose it below.');
    await user.selectOptions(select, 'Europe/London');
    expect(picked).toEqual(['Europe/London']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search time zones' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search time zones' }), 'atlantis');
    expect(screen.getByRole('status')).toHaveTextContent('No time zone matches "atlantis".');
  });
});
