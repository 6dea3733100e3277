import { describe, expect, it } from 'vitest';
import { MUTATION_ENTITY, mutationParent } from './entities.js';
import { MUTATION_NAMES } from './index.js';

describe('mutation entities', () => {
  it('names the entity of every mutation', () => {
    expect(Object.keys(MUTATION_ENTITY).sort()).toEqual([...MUTATION_NAMES].sort());
  });

  it("finds a photo's report and a stock transaction's item in the args", () => {
    expect(mutationParent('photo.attach', { id: 'p', report_id: 'r' })).toEqual({
      entity: 'reports',
      id: 'r',
    });
    expect(mutationParent('stock.record', { id: 't', item_id: 'i' })).toEqual({
      entity: 'inventory_items',
      id: 'i',
    });
  });

  it('gives no parent to a mutation without one, or to malformed args', () => {
    expect(mutationParent('report.update', { id: 'r', report_id: 'x' })).toBeUndefined();
    expect(mutationParent('photo.remove', { id: 'p' })).toBeUndefined();
    expect(mutationParent('stock.record', { id: 't', item_id: 7 })).toBeUndefined();
    expect(mutationParent('stock.record', null)).toBeUndefined();
  });
});
