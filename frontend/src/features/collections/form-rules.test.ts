import { describe, expect, it } from 'vitest';
import { draftProblem, fieldsOf, parseStampIds, saveFailureText, toDraft } from './form-rules';
import { makeCollection } from './fixtures';

describe('the collection form', () => {
  it('reads comma-separated stamp ids, each once, in order', () => {
    expect(parseStampIds('A1, A2,A3 ,, A2\nA4')).toEqual(['A1', 'A2', 'A3', 'A4']);
    expect(parseStampIds('  ')).toEqual([]);
  });

  it('sends trimmed fields, the X handle without its @', () => {
    expect(
      toDraft({ name: ' pepes ', stampIds: 'A1,A2', twitter: '@pepes', website: ' x.example ', description: ' d ' }),
    ).toEqual({ name: 'pepes', stamp_ids: ['A1', 'A2'], twitter: 'pepes', website: 'x.example', description: 'd' });
  });

  it('fills the edit form with every stamp id of the collection', () => {
    expect(fieldsOf(makeCollection()).stampIds).toBe('A100, A101');
  });

  it("checks a new collection's name rule; an edited one keeps its name", () => {
    const draft = toDraft({ name: 'a b', stampIds: '', twitter: '', website: '', description: '' });
    expect(draftProblem(draft, false)).toBe(
      'Name must be between 3 and 20 characters with only alphanumeric characters, dashes, dots and underscores',
    );
    expect(draftProblem(draft, true)).toBeNull();
    expect(draftProblem({ ...draft, name: 'my.pepes' }, false)).toBeNull();
  });

  it("gives the spec's texts for the save's failures", () => {
    expect(saveFailureText(401, 'Collection name already exists')).toBe('Collection name already exists');
    expect(saveFailureText(401, undefined)).toBe('Collection name already exists');
    expect(saveFailureText(401, 'Not signed in')).toBe('Not signed in');
    expect(saveFailureText(409, 'A stamp is already in another collection: A1, A2')).toBe(
      'A stamp is already in another collection: A1, A2',
    );
    expect(saveFailureText(409, 'conflict')).toBe('A stamp is already in another collection');
    expect(saveFailureText(400, 'stamp_ids: at most 1000')).toBe('stamp_ids: at most 1000');
    expect(saveFailureText(403, undefined)).toBe('An error occurred');
    expect(saveFailureText(500, 'boom')).toBe('An error occurred');
    expect(saveFailureText(undefined, undefined)).toBe('An error occurred');
  });
});
