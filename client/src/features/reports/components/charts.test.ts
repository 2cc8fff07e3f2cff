import { LABEL_LINE_CHARACTERS, wrapLabel } from './charts';

describe('wrapLabel (a bar chart axis label)', () => {
  it('keeps a short label on one line', () => {
    expect(wrapLabel('Ruth Naomi')).toEqual(['Ruth Naomi']);
  });

  it('breaks a long name between words onto two lines instead of letting the canvas cut it', () => {
    expect(wrapLabel('Commander Esther Kowalski')).toEqual(['Commander Esther', 'Kowalski']);
  });

  it('cuts what does not fit on two lines, and a single long word, with an ellipsis', () => {
    const lines = wrapLabel('Bartholomew Jedediah Abernathy-Smythe the Third');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(LABEL_LINE_CHARACTERS);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(wrapLabel('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragil…']);
  });
});
