import { describe, expect, it } from 'vitest';
import type { Discipline } from '@shared/domain/disciplines';
import { countedDisciplines, countedShape } from './counted-disciplines';

const daily = (count: number, privateEvery: number): Discipline[] =>
  Array.from({ length: count }, (_, index) => ({ key: `d${String(index).padStart(2, '0')}`, isPrivate: index % privateEvery === 0 }) as Discipline);

describe('countedShape', () => {
  it('names every shape apart, short enough for a Postgres statement name, however many disciplines', () => {
    const names = new Set<string>();
    for (let privateEvery = 1; privateEvery <= 20; privateEvery += 1) {
      const { name } = countedShape(countedDisciplines(daily(40, privateEvery), false));
      expect(name.length).toBeLessThan(24);
      names.add(name);
    }
    expect(names.size).toBe(20);
  });

  it('counts every discipline for a viewer who sees secrets', () => {
    const shape = countedShape(countedDisciplines(daily(5, 2), true));
    expect(shape).toMatchObject({ all: true, positions: [1, 2, 3, 4, 5], name: '5' });
  });
});
